import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../test/support/services.js';
import type { Counters } from '../../platform/counters/counters.js';
import { createMemoryCounters } from '../../platform/counters/memory-counters.js';
import { createRedisCounters } from '../../platform/counters/redis-counters.js';
import { createLogger } from '../../platform/logger.js';
import { AppError } from '../../platform/errors.js';
import { createRateLimiter } from './rate-limiter.js';

const log = createLogger('silent');
const counterStores: Array<{ name: string; counters: Counters }> = [
  { name: 'redis', counters: createRedisCounters({ url: testServices.redisUrl, keyPrefix: `sentinel:rl:test:${randomBytes(6).toString('hex')}:` }) },
  { name: 'memory', counters: createMemoryCounters() },
];
afterAll(async () => {
  for (const { counters } of counterStores) await counters.close();
});

const refusalOf = async (promise: Promise<unknown>): Promise<AppError> => {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof AppError)) throw new Error(`expected an AppError, got ${String(outcome)}`);
  return outcome;
};

describe.each(counterStores)('rate limiter on $name counters', ({ counters }) => {
  const limiter = createRateLimiter({ counters, failClosed: false });
  const subject = (): string => `subject-${randomBytes(6).toString('hex')}`;

  it('answers the limiter state and counts down', async () => {
    const who = subject();
    const first = await limiter.hit(who, 3, log);
    expect(first).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
    expect(Number(first['ratelimit-reset' as never])).toBeGreaterThanOrEqual(59);
    expect(await limiter.hit(who, 3, log)).toMatchObject({ 'ratelimit-remaining': '1' });
    expect(await limiter.hit(who, 3, log)).toMatchObject({ 'ratelimit-remaining': '0' });
  });

  it('refuses past the limit with 429 rate_limited and a Retry-After of at least a second', async () => {
    const who = subject();
    for (let i = 0; i < 2; i += 1) await limiter.hit(who, 2, log);
    const refusal = await refusalOf(limiter.hit(who, 2, log));
    expect(refusal.status).toBe(429);
    expect(refusal.code).toBe('rate_limited');
    expect(refusal.message).toBe('too many requests, retry later');
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refusal.headers['ratelimit-remaining']).toBe('0');
  });

  it('peeks at the state without counting', async () => {
    const who = subject();
    expect(await limiter.peek(who, 3, log)).toEqual({ 'ratelimit-limit': '3', 'ratelimit-remaining': '3', 'ratelimit-reset': '60' });
    await limiter.hit(who, 3, log);
    expect(await limiter.peek(who, 3, log)).toMatchObject({ 'ratelimit-remaining': '2' });
    expect(await limiter.peek(who, 3, log)).toMatchObject({ 'ratelimit-remaining': '2' });
    expect(await limiter.hit(who, 3, log)).toMatchObject({ 'ratelimit-remaining': '1' });
  });

  it('counts subjects separately', async () => {
    const [a, b] = [subject(), subject()];
    await limiter.hit(a, 1, log);
    await expect(limiter.hit(b, 1, log)).resolves.toMatchObject({ 'ratelimit-remaining': '0' });
  });
});

describe('rate limiter without its counter store', () => {
  const unreachable = createRedisCounters({ url: 'redis://127.0.0.1:1' });
  afterAll(() => unreachable.close());

  it('fails open: the request proceeds, its state declared unknown', async () => {
    await expect(createRateLimiter({ counters: unreachable, failClosed: false }).hit('anyone', 10, log)).resolves.toEqual({ 'ratelimit-state': 'unknown' });
  });

  it('fails closed when configured: 503 unavailable, its state declared unknown', async () => {
    const refusal = await refusalOf(createRateLimiter({ counters: unreachable, failClosed: true }).hit('anyone', 10, log));
    expect(refusal.status).toBe(503);
    expect(refusal.code).toBe('unavailable');
    expect(refusal.headers).toEqual({ 'retry-after': '1', 'ratelimit-state': 'unknown' });
  });

  it('peeks without ever refusing, even when failing closed', async () => {
    for (const failClosed of [false, true]) {
      await expect(createRateLimiter({ counters: unreachable, failClosed }).peek('anyone', 10, log)).resolves.toEqual({ 'ratelimit-state': 'unknown' });
    }
  });
});
