// One HTTPS request to a registry, a token server or a blob host, through the one
// egress policy (services/platform/egress): the URL is checked before the request
// (node skips `lookup` for address literals), the socket opens only to an address
// the vetted lookup checked, TLS is always verified (Node's roots plus an optional
// extra CA). Unlike egressFetch the body is handed back as a stream, because a
// layer may be gigabytes, and redirects are returned to the caller, which checks
// every hop and decides which headers may follow it (registry-client.ts).
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import https from 'node:https';
import { DestinationRefusedError, vettedLookup, type DestinationPolicy, type ResolveAll } from '../../platform/egress/destination-policy.js';
import { egressUrlRefusal } from '../../platform/egress/egress-fetch.js';
import { createEgressAgent } from '../../platform/egress/https-agent.js';
import { ImagePullError } from './pull-errors.js';

interface RegistryTransportOptions extends DestinationPolicy {
  /** PEM certificates trusted in addition to Node's built-in roots (a private registry's authority). */
  trustedCaPem?: string;
  /** Resolves names; the system resolver unless given (tests). */
  lookup?: ResolveAll;
  /** A connection on which nothing arrives for this long is abandoned. */
  idleTimeoutMs?: number;
  userAgent?: string;
}

export interface TransportResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, read by the caller; destroy it when it is not wanted. */
  body: IncomingMessage;
}

export interface RegistryTransport {
  request(url: URL, init: { headers: Record<string, string>; signal: AbortSignal }): Promise<TransportResponse>;
  close(): void;
}

const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

export function createRegistryTransport(options: RegistryTransportOptions): RegistryTransport {
  const agent = createEgressAgent({ trustedCaPem: options.trustedCaPem, idleSocketTimeoutMs: 4_000 });
  const lookup = vettedLookup({ allowPrivate: options.allowPrivate, lookup: options.lookup });
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const userAgent = options.userAgent ?? 'sentinel-image-pull';
  return {
    request(url, init) {
      // https only, whatever the deployment opened: a registry login or token never travels in clear.
      const refusal = url.protocol === 'https:' ? egressUrlRefusal(url, options) : 'the URL must use https';
      if (refusal) return Promise.reject(new ImagePullError('egress_refused', `${url.origin} refused by the egress policy: ${refusal}`));
      return new Promise<TransportResponse>((resolve, reject) => {
        const outgoing = https.request(url, { method: 'GET', headers: { ...init.headers, 'user-agent': userAgent }, agent, lookup, signal: init.signal }, (incoming) => {
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: incoming });
        });
        outgoing.setTimeout(idleTimeoutMs, () => outgoing.destroy(new ImagePullError('limit', `${url.origin} sent nothing for ${idleTimeoutMs} ms`)));
        outgoing.on('error', (error) => reject(describeTransportError(url, error)));
        outgoing.end();
      });
    },
    close: () => agent.destroy(),
  };
}

function describeTransportError(url: URL, error: Error): Error {
  if (error instanceof ImagePullError) return error;
  if (error instanceof DestinationRefusedError) return new ImagePullError('egress_refused', `${url.host} refused by the egress policy: ${error.message}`);
  if (error.name === 'AbortError') return new ImagePullError('limit', `the pull ran past its time limit while asking ${url.origin}`);
  const code = (error as NodeJS.ErrnoException).code;
  return new ImagePullError('registry_error', `${url.origin} could not be reached: ${code ?? error.message}`);
}
