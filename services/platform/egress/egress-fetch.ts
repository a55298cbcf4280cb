// A Fetch API function whose every request passes the egress policy, for libraries
// that accept a custom fetch (openid-client's customFetch): the URL's host is
// checked, the connection opens only to an address the vetted lookup checked (node
// skips `lookup` for address literals, which the URL check covers), TLS is always
// verified (Node's roots plus an optional extra CA), redirects are refused and
// responses are size- and time-limited. Plain http is possible only where the
// deployment opened private addresses (tests), never in production.
import http from 'node:http';
import https from 'node:https';
import { classifyAddress, classifyHostName, isAllowedClass, parseHostLiteral, vettedLookup, type DestinationPolicy, type ResolveAll } from './destination-policy.js';
import { createEgressAgent } from './https-agent.js';

interface EgressFetchOptions extends DestinationPolicy {
  /** PEM certificates trusted in addition to Node's built-in roots. */
  trustedCaPem?: string;
  /** Resolves names; the system resolver unless given (tests). */
  lookup?: ResolveAll;
  /** Connect, send and read of one request together. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  userAgent: string;
}

/** Why an egress request failed before a complete response: the policy refused it, a redirect, a response too large. */
export class EgressRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

export type EgressFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface EgressClient {
  fetch: EgressFetch;
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const BODILESS_STATUSES = new Set([204, 205, 304]);

/**
 * Why the policy refuses this URL, or undefined when it may be requested: https (http
 * only when private addresses are open), no credentials, and a host of an allowed class.
 * The addresses a name resolves to are checked again at every connection.
 */
export function egressUrlRefusal(raw: string | URL, policy: DestinationPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowPrivate)) return 'the URL must use https';
  if (url.username !== '' || url.password !== '') return 'the URL must not contain credentials';
  const host = parseHostLiteral(url.hostname);
  if (host.kind === 'malformed') return 'the URL has no valid host';
  const addressClass = host.kind === 'name' ? classifyHostName(host.name) : classifyAddress(host.address);
  return isAllowedClass(addressClass, policy) ? undefined : `address class ${addressClass} is not allowed`;
}

export function createEgressFetch(options: EgressFetchOptions): EgressClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const httpsAgent = createEgressAgent({ trustedCaPem: options.trustedCaPem, idleSocketTimeoutMs: IDLE_SOCKET_TIMEOUT_MS });
  const httpAgent = new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS });
  const lookup = vettedLookup({ allowPrivate: options.allowPrivate, lookup: options.lookup });

  const egressFetch: EgressFetch = async (input, init = {}) => {
    const refusal = egressUrlRefusal(input, options);
    if (refusal) throw new EgressRefusedError(`request refused by the egress policy: ${refusal}`);
    const url = new URL(input);
    const body = await bodyBytes(init.body);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    headers['user-agent'] = options.userAgent;
    if (body !== undefined) headers['content-length'] = String(body.length);

    return new Promise<Response>((resolve, reject) => {
      const budget = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])]);
      const transport = url.protocol === 'https:' ? https : http;
      const outgoing = transport.request(
        url,
        { method: init.method ?? 'GET', headers, agent: url.protocol === 'https:' ? httpsAgent : httpAgent, lookup, signal: budget },
        (incoming) => {
          const status = incoming.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            incoming.destroy();
            reject(new EgressRefusedError(`${url.origin} answered HTTP ${status}: redirects are not followed`));
            return;
          }
          const chunks: Buffer[] = [];
          let received = 0;
          incoming.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > maxBytes) {
              incoming.destroy();
              reject(new EgressRefusedError(`${url.origin} answered more than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          incoming.on('error', reject);
          incoming.on('end', () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const member of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, member);
            }
            const content = BODILESS_STATUSES.has(status) ? null : new Uint8Array(Buffer.concat(chunks));
            resolve(new Response(content, { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };

  return {
    fetch: egressFetch,
    close: () => {
      httpsAgent.destroy();
      httpAgent.destroy();
    },
  };
}

/** The request bodies libraries send through a custom fetch: text, form parameters or bytes. */
async function bodyBytes(body: RequestInit['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(await new Response(body).arrayBuffer());
}
