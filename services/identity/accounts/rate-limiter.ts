// Request rate limits (spec 8) on the Counters port: fixed one-minute windows,
// per credential on authenticated routes and per source address on the four
// authentication routes. Every response carries the limiter state as headers:
// the state of the limit that counted the request, or, for a response no limit
// counted (open routes, 401s, unknown routes), the source address's state.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LimiterStateOf, OperationContext, OperationHandler, OperationId } from '../../platform/http/handler.js';
import type { Counters, WindowCount } from '../../platform/counters/counters.js';
import { AppError } from '../../platform/errors.js';

const WINDOW_MS = 60_000;

/** The counter store could not be asked: the state is unknown, and the response says so. */
const STATE_UNKNOWN = { 'ratelimit-state': 'unknown' } as const;

export type LimiterState = Record<'ratelimit-limit' | 'ratelimit-remaining' | 'ratelimit-reset', string> | typeof STATE_UNKNOWN;

export interface RateLimiter {
  /**
   * Counts one request against `subject` and answers the limiter state, or throws
   * 429 rate_limited once the window's limit is used up. With the counter store
   * unreachable: the unknown state (fail open), or 503 unavailable when configured
   * to fail closed.
   */
  hit(subject: string, limitPerWindow: number, log: FastifyBaseLogger): Promise<LimiterState>;
  /**
   * The subject's state without counting. Never refuses, even when failing closed:
   * the response it decorates has already been decided.
   */
  peek(subject: string, limitPerWindow: number, log: FastifyBaseLogger): Promise<LimiterState>;
}

/** windowMs: one minute unless given (the per-address limit of password reset mails counts over longer windows). */
export function createRateLimiter(deps: { counters: Counters; failClosed: boolean; windowMs?: number }): RateLimiter {
  const windowMs = deps.windowMs ?? WINDOW_MS;
  // The window length is part of the key, as the Counters port asks.
  const keyOf = (subject: string): string => `${subject}:${windowMs}`;
  const unreachable = (log: FastifyBaseLogger, error: unknown): void => log.warn({ err: error, fail_closed: deps.failClosed }, 'rate limiter counter store unreachable');

  return {
    async hit(subject, limitPerWindow, log) {
      let window;
      try {
        window = await deps.counters.hit(keyOf(subject), windowMs);
      } catch (error) {
        unreachable(log, error);
        if (deps.failClosed) throw new AppError('unavailable', 'the service is temporarily unavailable, retry later', { headers: { 'retry-after': '1', ...STATE_UNKNOWN } });
        return STATE_UNKNOWN;
      }
      const state = stateOf(window, limitPerWindow);
      if (window.count > limitPerWindow) {
        // No algorithm, store or shard detail in the body (spec 7.4).
        throw new AppError('rate_limited', 'too many requests, retry later', { headers: { ...state, 'retry-after': state['ratelimit-reset'] } });
      }
      return state;
    },
    async peek(subject, limitPerWindow, log) {
      try {
        return stateOf(await deps.counters.peek(keyOf(subject), windowMs), limitPerWindow);
      } catch (error) {
        unreachable(log, error);
        return STATE_UNKNOWN;
      }
    },
  };
}

function stateOf(window: WindowCount, limitPerWindow: number): Exclude<LimiterState, typeof STATE_UNKNOWN> {
  return {
    'ratelimit-limit': String(limitPerWindow),
    'ratelimit-remaining': String(Math.max(0, limitPerWindow - window.count)),
    // Rounded up to at least a second, so it can serve as Retry-After (spec 7.4).
    'ratelimit-reset': String(Math.max(1, Math.ceil(window.resetInMs / 1000))),
  };
}

/** The limit of the four authentication routes: per source address, resolved through TRUSTED_PROXIES (spec 8). */
interface SourceAddressLimit {
  hit(address: string, log: FastifyBaseLogger): Promise<LimiterState>;
  peek(address: string, log: FastifyBaseLogger): Promise<LimiterState>;
}

export function sourceAddressLimit(limiter: RateLimiter, limitPerMinute: number): SourceAddressLimit {
  const subjectOf = (address: string): string => `auth-address:${address}`;
  return {
    hit: (address, log) => limiter.hit(subjectOf(address), limitPerMinute, log),
    peek: (address, log) => limiter.peek(subjectOf(address), limitPerMinute, log),
  };
}

/**
 * An authentication route (signup, login, refresh, exchange...): limited per source
 * address, shared by every such route. The facade counts each request routed there
 * before judging its body (OperationHandler.admission), so a malformed, too deep or
 * wrongly typed body, or one validation refuses, counts like a well-formed attempt:
 * refusing to read it costs the caller's budget as much as reading it.
 */
export function limitedPerSourceAddress<Id extends OperationId>(limit: SourceAddressLimit, handler: OperationHandler<Id>): OperationHandler<Id> {
  return Object.assign((ctx: OperationContext<Id>) => handler(ctx), { admission: ({ clientIp, log }: { clientIp: string; log: FastifyBaseLogger }) => limit.hit(clientIp, log) });
}

/**
 * For a response that carries no limiter state yet, because no limit counted it
 * (open routes, refused credentials, unknown routes, requests refused before the
 * route ran): the caller's source-address state, without counting. Counting them
 * would let probes and expired tokens use up the sign-in budget; reporting it tells
 * an unauthenticated caller the only limit that applies to them.
 */
export function sourceAddressStateOfUncounted(limit: SourceAddressLimit): LimiterStateOf {
  const carriesState = (headers: Record<string, unknown>): boolean => 'ratelimit-limit' in headers || 'ratelimit-state' in headers;
  return async (request: FastifyRequest, headers) => (carriesState(headers) ? {} : limit.peek(request.ip, request.log));
}
