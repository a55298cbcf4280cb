// The `fetch` the MCP SDK's streamable HTTP transport is given, built on the
// connector's provider client, so every request the SDK makes passes the
// connector egress policy (the endpoint check, the vetted lookup, TLS verified
// against the deployment's trusted CA only, redirects refused, responses
// size-limited, 10 requests per second, the provider client's retries). The SDK
// never reaches the network any other way: it has no fallback once `fetch` is set.
//
// The provider client reads a whole response before answering. That suits what a
// collection asks (each POST's answer, JSON or a server-sent-event stream the
// server closes once it has answered), but not the standalone GET stream the SDK
// opens after initialization to listen for server-initiated messages: it never
// ends. A collection needs none of those messages, so that GET is answered here
// with 405, which the protocol defines as "this server offers no such stream",
// and never leaves the process.
import type { ProviderClient, ProviderRequest } from '../connectors/index.js';

/** The SDK's FetchLike: what StreamableHTTPClientTransport calls. */
type TransportFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Statuses whose response carries no body (the Response constructor refuses one). */
const BODILESS_STATUSES = new Set([204, 205, 304]);

export function providerFetch(client: ProviderClient): TransportFetch {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET') return new Response(null, { status: 405, statusText: 'standalone stream not opened by collections' });
    if (method !== 'POST' && method !== 'DELETE') throw new TypeError(`the MCP transport sent an unexpected ${method} request`);
    const request: ProviderRequest = { url: String(url), method, headers: plainHeaders(init?.headers), body: bodyText(init?.body) };
    const response = await client.request(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const member of Array.isArray(value) ? value : [value]) headers.append(name, member);
    }
    return new Response(BODILESS_STATUSES.has(response.status) ? null : new Uint8Array(response.body), { status: response.status, headers });
  };
}

function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
  const plain: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

/** The transport sends JSON-RPC as text (JSON.stringify) or nothing. */
function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  throw new TypeError('the MCP transport sent a request body that is not text');
}
