// One delivery attempt over HTTPS (spec 3.2, 8): the destination is checked
// again, the connection opens only to a vetted address, the whole attempt has
// one time budget, redirects are not followed, and TLS is always verified.
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { checkDestinationUrl, DestinationRefusedError, vettedLookup, type DestinationPolicy, type ResolveAll } from '../platform/egress/destination-policy.js';
import { createEgressAgent } from '../platform/egress/https-agent.js';

/** Spec 8: 10 seconds for connect, write and read together. */
export const DEFAULT_ATTEMPT_BUDGET_MS = 10_000;
/** The response body is read only so the connection can be reused; past this it is cut off. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** Idle kept-alive sockets close before the usual server keep-alive (Node's 5 s), so a reused socket is rarely one the receiver already dropped. */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const USER_AGENT = 'Sentinel-Webhooks/1';

export interface OutgoingDelivery {
  url: string;
  body: Buffer;
  /** The signature headers (signature.ts signDelivery). */
  headers: Readonly<Record<string, string>>;
}

export type AttemptOutcome =
  | { ok: true; responseStatus: number; durationMs: number }
  | { ok: false; responseStatus: number | null; durationMs: number; error: string };

export interface DeliverySender {
  /** Never rejects: every way an attempt can go wrong is an outcome. */
  send(delivery: OutgoingDelivery): Promise<AttemptOutcome>;
  readonly budgetMs: number;
  /** Closes kept-alive connections. */
  close(): void;
}

export interface HttpsSenderOptions {
  policy: DestinationPolicy;
  /** Resolves destination names; the system resolver when absent (tests inject one). */
  resolve?: ResolveAll;
  /**
   * PEM certificates trusted in addition to Node's built-in roots (WEBHOOK_CA_FILE),
   * for receivers behind a private certificate authority. There is deliberately
   * no way to turn verification off.
   */
  trustedCaPem?: string;
  budgetMs?: number;
}

export function createHttpsSender(options: HttpsSenderOptions): DeliverySender {
  const { policy } = options;
  const budgetMs = options.budgetMs ?? DEFAULT_ATTEMPT_BUDGET_MS;
  const agent = createEgressAgent({ trustedCaPem: options.trustedCaPem, idleSocketTimeoutMs: IDLE_SOCKET_TIMEOUT_MS });
  // Node skips `lookup` for IP literals; checkDestinationUrl below covers those.
  const lookup = vettedLookup({ ...policy, lookup: options.resolve });

  function send({ url, body, headers }: OutgoingDelivery): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const checked = checkDestinationUrl(url, policy);
    if (!checked.ok) return Promise.resolve({ ok: false, responseStatus: null, durationMs: elapsed(), error: `destination refused: ${checked.reason}` });

    return new Promise((resolve) => {
      const budget = new AbortController();
      const timer = setTimeout(() => budget.abort(), budgetMs);
      let responseStatus: number | null = null;
      let settled = false;
      const settle = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const durationMs = elapsed();
        if (error === null && responseStatus !== null) resolve({ ok: true, responseStatus, durationMs });
        else resolve({ ok: false, responseStatus, durationMs, error: error ?? 'no response' });
      };
      const fail = (error: Error) => settle(budget.signal.aborted ? `no complete response within ${budgetMs} ms` : describeConnectionError(error));

      const request = https.request(
        checked.url,
        {
          method: 'POST',
          agent,
          lookup,
          signal: budget.signal,
          headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'User-Agent': USER_AGENT },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          responseStatus = status;
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) {
              settle(judgeStatus(status));
              response.destroy();
            }
          });
          response.on('end', () => settle(judgeStatus(status)));
          response.on('error', fail);
          response.on('close', () => {
            if (!response.complete) fail(new Error('connection closed before the response was complete'));
          });
        },
      );
      request.on('error', fail);
      request.end(body);
    });
  }

  return { send, budgetMs, close: () => agent.destroy() };
}

/** 2xx is delivered; anything else fails. A redirect is not followed: its target would need its own vetting, and a receiver that moved should be re-registered. */
function judgeStatus(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `redirect not followed: receiver responded HTTP ${status}`;
  return `receiver responded HTTP ${status}`;
}

function describeConnectionError(error: Error & { code?: unknown }): string {
  if (error instanceof DestinationRefusedError) return `destination refused: ${error.message}`;
  const code = typeof error.code === 'string' ? `${error.code}: ` : '';
  return `connection failed: ${code}${error.message}`;
}
