// Request rate limits (spec 8) on the Counters port: fixed one-minute windows,
// per credential on authenticated routes and per source address on the four
// authentication routes. The answer always carries the limiter state as headers.
import type { FastifyBaseLogger } from 'fastify';
import type { OperationHandler } from '../http/handler.js';
import type { Counters } from '../platform/counters/counters.js';
import { AppError, withHeaders } from '../platform/errors.js';

const WINDOW_MS = 60_000;

export type RateLimitHeaders = Record<'ratelimit-limit' | 'ratelimit-remaining' | 'ratelimit-reset', string>;

export interface RateLimiter {
  /**
   * Counts one request against `subject` and answers the limiter state as response
   * headers, or throws 429 rate_limited once the window's limit is used up.
   * With the counter store unreachable: no headers (fail open), or 503 unavailable
   * when configured to fail closed.
   */
  hit(subject: string, limitPerMinute: number, log: FastifyBaseLogger): Promise<RateLimitHeaders | Record<string, never>>;
}

export function createRateLimiter(deps: { counters: Counters; failClosed: boolean }): RateLimiter {
  return {
    async hit(subject, limitPerMinute, log) {
      let window;
      try {
        // The window length is part of the key, as the Counters port asks.
        window = await deps.counters.hit(`${subject}:${WINDOW_MS}`, WINDOW_MS);
      } catch (error) {
        log.warn({ err: error, fail_closed: deps.failClosed }, 'rate limiter counter store unreachable');
        if (deps.failClosed) throw new AppError('unavailable', 'the service is temporarily unavailable, retry later', { headers: { 'retry-after': '1' } });
        return {};
      }
      const resetSeconds = Math.max(1, Math.ceil(window.resetInMs / 1000));
      const headers: RateLimitHeaders = {
        'ratelimit-limit': String(limitPerMinute),
        'ratelimit-remaining': String(Math.max(0, limitPerMinute - window.count)),
        'ratelimit-reset': String(resetSeconds),
      };
      if (window.count > limitPerMinute) {
        // No algorithm, store or shard detail in the body (spec 7.4).
        throw new AppError('rate_limited', 'too many requests, retry later', { headers: { ...headers, 'retry-after': String(resetSeconds) } });
      }
      return headers;
    },
  };
}

/**
 * Wraps an authentication route (signup, login, refresh, exchange): limited per
 * source address, resolved through TRUSTED_PROXIES, shared by the four routes.
 * Runs after request validation, so only well-formed attempts are counted.
 */
export function limitedPerSourceAddress(limiter: RateLimiter, limitPerMinute: number, handler: OperationHandler): OperationHandler {
  return async (ctx) => {
    const rateLimit = await limiter.hit(`auth-address:${ctx.clientIp}`, limitPerMinute, ctx.log);
    try {
      const result = await handler(ctx);
      return { ...result, headers: { ...rateLimit, ...result.headers } };
    } catch (error) {
      throw error instanceof AppError ? withHeaders(error, rateLimit) : error;
    }
  };
}
