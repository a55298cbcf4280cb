// The HTTP client every connector kind calls its provider through (spec 5.14, 8).
// Each call passes the connector egress policy (endpoint-policy.ts): the URL is
// checked, the connection opens only to an address the vetted lookup checked
// (node skips `lookup` for address literals, which the URL check covers), TLS is
// always verified, redirects are refused and responses are size-limited.
//
// At most 10 request starts per second per connector; up to three attempts in all
// with growing delays, Retry-After obeyed (seconds or an HTTP date); 401 and 403
// are never retried, except a 403 that is a rate limit (GitHub answers an
// exhausted limit with 403 and x-ratelimit-remaining: 0, or with Retry-After).
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { DestinationRefusedError, vettedLookup } from '../../platform/egress/destination-policy.js';
import { createEgressAgent } from '../../platform/egress/https-agent.js';
import { checkConnectorEndpoint, type ConnectorEgressPolicy } from './endpoint-policy.js';
import type { ConnectorKind } from './kinds.js';
import { createRequestPacer, systemClock, type Clock } from './request-pacer.js';

const CONNECTOR_REQUESTS_PER_SECOND = 10;
const MAX_ATTEMPTS = 3;
/** The first retry waits this long, the second twice as long. */
export const FIRST_RETRY_DELAY_MS = 1_000;
/** A provider asking to wait longer than this is not waited for: the call fails, and the next synchronization tries again. */
const MAX_RETRY_AFTER_MS = 60_000;
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Connect, send and read of one attempt together. */
const ATTEMPT_BUDGET_MS = 30_000;
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const USER_AGENT = 'Sentinel-Connectors/1';

export interface ProviderRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /**
   * Whether a non-2xx answer is the provider's rate limit though its status does not say
   * so (AWS's query protocol answers 400 with the error code Throttling): retried as a 429.
   */
  isRateLimit?: (response: Pick<ProviderResponse, 'status' | 'body'>) => boolean;
}

export interface ProviderResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  attempts: number;
}

/**
 * Why a call failed: refused (the egress policy), redirect (never followed),
 * too_large, network (no complete response), status (a non-2xx answer, after the
 * retries it deserved), rate_limited (the provider asked to wait too long).
 */
type ProviderFailure = 'refused' | 'redirect' | 'too_large' | 'network' | 'status' | 'rate_limited';

export class ProviderCallError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly status: number | null,
    readonly attempts: number,
    /** The provider's last answer when it was a complete non-2xx one (status, rate_limited): an SDK reads its error from it. */
    readonly response?: ProviderResponse,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

interface ProviderClientOptions {
  kind: ConnectorKind;
  policy: ConnectorEgressPolicy;
  /** CONNECTOR_CA_FILE: certificates trusted in addition to Node's roots. */
  trustedCaPem?: string;
  clock?: Clock;
}

type AttemptResult = { response: ProviderResponse } | { retryAfterMs: number | null; error: ProviderCallError };

/** One client per connector: its pacer is the connector's rate limit. */
export function createProviderClient(options: ProviderClientOptions) {
  const { kind, policy } = options;
  const clock = options.clock ?? systemClock;
  const pacer = createRequestPacer(CONNECTOR_REQUESTS_PER_SECOND, clock);
  const agent = createEgressAgent({ trustedCaPem: options.trustedCaPem, idleSocketTimeoutMs: IDLE_SOCKET_TIMEOUT_MS });
  const lookup = vettedLookup({ allowPrivate: policy.allowPrivate, lookup: policy.resolve });

  async function request(call: ProviderRequest): Promise<ProviderResponse> {
    const checked = checkConnectorEndpoint(call.url, kind, policy);
    if (!checked.ok) throw new ProviderCallError('refused', `provider call refused: ${checked.reason}`, null, 0);
    for (let attempt = 1; ; attempt++) {
      await pacer.acquire();
      const result = await attemptOnce(checked.url, call, attempt);
      if ('response' in result) return result.response;
      if (result.retryAfterMs === null || attempt >= MAX_ATTEMPTS) throw result.error;
      await clock.sleep(result.retryAfterMs);
    }
  }

  function attemptOnce(url: URL, call: ProviderRequest, attempt: number): Promise<AttemptResult> {
    const backoff = FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1);
    return new Promise((resolve) => {
      const budget = new AbortController();
      const timer = setTimeout(() => budget.abort(), ATTEMPT_BUDGET_MS);
      let settled = false;
      const settle = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const failNetwork = (error: Error & { code?: unknown }) => {
        if (error instanceof DestinationRefusedError) {
          settle({ retryAfterMs: null, error: new ProviderCallError('refused', `provider call refused: ${error.message}`, null, attempt) });
          return;
        }
        const reason = budget.signal.aborted ? `no complete response within ${ATTEMPT_BUDGET_MS} ms` : `${typeof error.code === 'string' ? `${error.code}: ` : ''}${error.message}`;
        settle({ retryAfterMs: backoff, error: new ProviderCallError('network', `provider call failed: ${reason}`, null, attempt) });
      };
      const body = call.body === undefined ? undefined : Buffer.from(call.body);
      const outgoing = https.request(
        url,
        {
          method: call.method ?? 'GET',
          agent,
          lookup,
          signal: budget.signal,
          headers: { ...call.headers, 'User-Agent': USER_AGENT, ...(body === undefined ? {} : { 'Content-Length': String(body.length) }) },
        },
        (incoming) => {
          const status = incoming.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            incoming.destroy();
            settle({ retryAfterMs: null, error: new ProviderCallError('redirect', `provider answered HTTP ${status}: redirects are not followed`, status, attempt) });
            return;
          }
          const chunks: Buffer[] = [];
          let received = 0;
          incoming.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) {
              incoming.destroy();
              settle({ retryAfterMs: null, error: new ProviderCallError('too_large', `provider response exceeds ${MAX_RESPONSE_BYTES} bytes`, status, attempt) });
              return;
            }
            chunks.push(chunk);
          });
          incoming.on('error', failNetwork);
          incoming.on('end', () => {
            const response: ProviderResponse = { status, headers: incoming.headers, body: Buffer.concat(chunks), attempts: attempt };
            settle(status >= 200 && status < 300 ? { response } : judgeRefusal(response, backoff, clock.now(), call.isRateLimit?.(response) ?? false));
          });
        },
      );
      outgoing.on('error', failNetwork);
      outgoing.end(body);
    });
  }

  return { request, close: () => agent.destroy() };
}
export type ProviderClient = ReturnType<typeof createProviderClient>;

/** What a non-2xx answer means for the next attempt: a wait, or none (not retried). */
function judgeRefusal(response: ProviderResponse, backoff: number, now: number, saysRateLimit: boolean): AttemptResult {
  const { status, headers, attempts } = response;
  const failed = (failure: ProviderFailure, message: string) => new ProviderCallError(failure, message, status, attempts, response);
  const retryAfter = retryAfterMs(headers['retry-after'], now);
  const rateLimited = saysRateLimit || status === 429 || (status === 403 && (retryAfter !== undefined || headers['x-ratelimit-remaining'] === '0'));
  if (rateLimited) {
    const wait = retryAfter ?? rateLimitResetMs(headers['x-ratelimit-reset'], now) ?? backoff;
    if (wait > MAX_RETRY_AFTER_MS) return { retryAfterMs: null, error: failed('rate_limited', `provider rate limit: asked to wait ${Math.ceil(wait / 1000)} s`) };
    return { retryAfterMs: Math.max(wait, 0), error: failed('rate_limited', `provider rate limit (HTTP ${status})`) };
  }
  // Authentication and authorization failures are never retried; nor is any other client error.
  if (status < 500) return { retryAfterMs: null, error: failed('status', `provider answered HTTP ${status}`) };
  const wait = retryAfter ?? backoff;
  if (wait > MAX_RETRY_AFTER_MS) return { retryAfterMs: null, error: failed('status', `provider answered HTTP ${status} and asked to wait ${Math.ceil(wait / 1000)} s`) };
  return { retryAfterMs: wait, error: failed('status', `provider answered HTTP ${status}`) };
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(date - now, 0);
}

/** GitHub's x-ratelimit-reset: the epoch second the limit resets. */
function rateLimitResetMs(value: string | string[] | undefined, now: number): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Math.max(Number(value) * 1000 - now, 0);
}
