// One delivery attempt over HTTPS (spec 3.2, 8): the destination is checked
// again, the connection opens only to a vetted address, the whole attempt has
// one time budget, redirects are not followed, and TLS is always verified.
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { checkDestinationUrl, DestinationRefusedError, vettedLookup, type DestinationPolicy, type ResolveAll } from '../platform/egress/destination-policy.js';
import { createEgressAgent } from '../platform/egress/https-agent.js';

/** Spec 8: 10 seconds for connect, write and read together. */
export const DEFAULT_ATTEMPT_BUDGET_MS = 10_000;
/** The response body is read so the connection can be reused; past this it is cut off. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** What of the response body the delivery log keeps: its start, enough for a receiver's error message. */
export const KEPT_RESPONSE_BYTES = 1024;
/** Idle kept-alive sockets close before the usual server keep-alive (Node's 5 s), so a reused socket is rarely one the receiver already dropped. */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const USER_AGENT = 'Sentinel-Webhooks/1';

interface OutgoingDelivery {
  url: string;
  body: Buffer;
  /** The signature headers (signature.ts signDelivery). */
  headers: Readonly<Record<string, string>>;
}

/** responseBody: the start of the body as text (keptResponseText), null when no response arrived. */
export type AttemptOutcome =
  | { ok: true; responseStatus: number; responseBody: string; durationMs: number }
  | { ok: false; responseStatus: number | null; responseBody: string | null; durationMs: number; error: string };

export interface DeliverySender {
  /** Never rejects: every way an attempt can go wrong is an outcome. */
  send(delivery: OutgoingDelivery): Promise<AttemptOutcome>;
  readonly budgetMs: number;
  /** Closes kept-alive connections. */
  close(): void;
}

interface HttpsSenderOptions {
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
    if (!checked.ok) return Promise.resolve({ ok: false, responseStatus: null, responseBody: null, durationMs: elapsed(), error: `destination refused: ${checked.reason}` });

    return new Promise((resolve) => {
      const budget = new AbortController();
      const timer = setTimeout(() => budget.abort(), budgetMs);
      let responseStatus: number | null = null;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let settled = false;
      const settle = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const durationMs = elapsed();
        if (responseStatus === null) return resolve({ ok: false, responseStatus, responseBody: null, durationMs, error: error ?? 'no response' });
        const responseBody = keptResponseText(Buffer.concat(kept));
        resolve(error === null ? { ok: true, responseStatus, responseBody, durationMs } : { ok: false, responseStatus, responseBody, durationMs, error });
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
            if (keptBytes < KEPT_RESPONSE_BYTES) {
              kept.push(chunk.subarray(0, KEPT_RESPONSE_BYTES - keptBytes));
              keptBytes += kept.at(-1)!.length;
            }
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

/**
 * The kept start of a response body as text: UTF-8 with anything undecodable (a sequence cut
 * at the limit, a binary body) as U+FFFD, and NUL, which a PostgreSQL text cannot hold, too.
 */
export function keptResponseText(start: Buffer): string {
  return start.toString('utf8').replaceAll('\0', '\uFFFD');
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
