// Test-only: what the cluster connector reaches in the tests, an HTTPS server on
// 127.0.0.1 with a certificate from the throwaway test CA, in front of the
// Kubernetes API mock (which it reaches over TLS, trusting the mock's own
// certificate). It records every request it receives, the peer's request log the
// rate limit is measured from, and adds what the mock lacks:
//
// - paging: the mock ignores limit and continue, so a listing asked with a limit is
//   read whole from the mock and answered one page at a time here, with an opaque
//   continue token, as an API server pages; a listing may be paged wrongly on purpose
//   (the same object on two pages, a listing that never ends, a token that repeats);
// - failures: the next requests for a path can be answered here instead (429 with
//   Retry-After, 401, 403, 500, a redirect, an oversized body).
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';

export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface ProxiedRequest {
  method: string;
  /** The path with its query, as received. */
  url: string;
  /** The path alone. */
  path: string;
  authorization: string | undefined;
  /** performance.now() when the request arrived. */
  at: number;
}

/** How a listing is paged wrongly: overlap repeats each page's last object first on the next page; endless never stops naming a next page; repeat names the second page's token again on the second page. */
export type MisPaging = 'overlap' | 'endless' | 'repeat';

export interface ClusterProxy {
  /** https://127.0.0.1:<port>: the cluster endpoint a connector names. */
  origin: string;
  received: ProxiedRequest[];
  /** The next requests for the path (no query) get these answers, in order, instead of the cluster's. */
  answer(path: string, ...answers: ProxyAnswer[]): void;
  /** Pages the listing at the path wrongly until reset. */
  misPage(path: string, how: MisPaging): void;
  /** Forgets scripted answers, wrong paging and the request log. */
  reset(): void;
  close(): Promise<void>;
}

const token = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');
const offsetOf = (value: string | null) => (value === null ? 0 : (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { offset: number }).offset);

export async function startClusterProxy(certificates: TestCertificates, upstream: { origin: string; certificatePem: string }): Promise<ClusterProxy> {
  const received: ProxiedRequest[] = [];
  const scripted = new Map<string, ProxyAnswer[]>();
  const misPaged = new Map<string, MisPaging>();
  const agent = new https.Agent({ ca: upstream.certificatePem, keepAlive: true });

  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    const url = new URL(request.url ?? '/', 'https://proxy.invalid');
    received.push({ method: request.method ?? '', url: request.url ?? '', path: url.pathname, authorization: request.headers.authorization, at: performance.now() });
    request.resume();
    const answer = scripted.get(url.pathname)?.shift();
    if (answer !== undefined) {
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
      return;
    }
    const limit = url.searchParams.get('limit');
    const upstreamUrl = new URL(url.pathname, upstream.origin);
    for (const [name, value] of url.searchParams) if (name !== 'limit' && name !== 'continue') upstreamUrl.searchParams.append(name, value);
    const forwarded = https.request(upstreamUrl, { method: request.method, agent, headers: { accept: 'application/json' } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        const paged = limit === null ? undefined : page(body, Number(limit), url.searchParams.get('continue'), misPaged.get(url.pathname));
        const headers = { ...incoming.headers };
        delete headers['content-length'];
        delete headers['transfer-encoding'];
        response.writeHead(incoming.statusCode ?? 502, headers);
        response.end(paged ?? body);
      });
    });
    forwarded.on('error', () => response.destroy());
    forwarded.end();
  });

  const listening = await listenOnLoopback(server);
  return {
    origin: listening.origin,
    received,
    answer: (path, ...answers) => scripted.set(path, [...(scripted.get(path) ?? []), ...answers]),
    misPage: (path, how) => misPaged.set(path, how),
    reset: () => {
      scripted.clear();
      misPaged.clear();
      received.length = 0;
    },
    close: async () => {
      agent.destroy();
      await listening.close();
    },
  };
}

/** One page of a whole listing, or undefined when the body is not a listing. */
function page(body: Buffer, limit: number, continueToken: string | null, how: MisPaging | undefined): string | undefined {
  let listing: { items?: unknown[]; metadata?: Record<string, unknown> };
  try {
    listing = JSON.parse(body.toString('utf8')) as typeof listing;
  } catch {
    return undefined;
  }
  if (!Array.isArray(listing.items) || !Number.isInteger(limit) || limit < 1) return undefined;
  const offset = offsetOf(continueToken);
  const items = listing.items.slice(offset, offset + limit);
  const next = how === 'overlap' ? offset + Math.max(limit - 1, 1) : offset + limit;
  const more = next < listing.items.length;
  const metadata: Record<string, unknown> = { ...listing.metadata };
  if (how === 'endless') metadata.continue = token(next);
  else if (how === 'repeat') metadata.continue = token(limit);
  else if (more) {
    metadata.continue = token(next);
    metadata.remainingItemCount = listing.items.length - next;
  }
  return JSON.stringify({ ...listing, items, metadata });
}
