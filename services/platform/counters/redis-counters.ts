import { Redis } from 'ioredis';
import { assertWindow, type Counters, type WindowCount } from './counters.js';

interface RedisCountersOptions {
  url: string;
  /** Namespace for the counter keys, so they cannot collide with other data in the same Redis. */
  keyPrefix?: string;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
}

// INCR, then an expiry only if the key has none yet (the first hit of a window), then
// the time left. One script, so concurrent hits can neither lose an increment nor
// leave a counter without an expiry. PEXPIRE ... NX needs Redis 7.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('PTTL', KEYS[1])}
`;

// The count and time left of an open window, or nothing; one script so the two
// answers belong to the same window.
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

/**
 * Counters shared by every process through Redis. When Redis is unreachable, hit()
 * and ping() reject within about a command timeout instead of queueing, while the
 * client keeps reconnecting in the background.
 */
export function createRedisCounters(options: RedisCountersOptions): Counters {
  const keyPrefix = options.keyPrefix ?? 'sentinel:rl:';
  const redis = new Redis(options.url, {
    // Refuse commands while disconnected rather than queue them until Redis returns.
    enableOfflineQueue: false,
    // A hit in flight when the connection drops is not replayed: it could count twice.
    maxRetriesPerRequest: 0,
    connectTimeout: options.connectTimeoutMs ?? 1_000,
    commandTimeout: options.commandTimeoutMs ?? 500,
    // Never give up: keep reconnecting in the background, at most 2 s apart.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Failures reach callers as rejected hits and pings; without a listener ioredis would log every reconnect attempt.
  redis.on('error', () => undefined);

  // Without the offline queue, calls made while the first connection is still being
  // established would be refused although Redis is fine; they wait for its outcome instead.
  const firstConnectionSettled = new Promise<void>((resolve) => {
    const outcomes = ['ready', 'error', 'end'] as const;
    const settle = (): void => {
      for (const outcome of outcomes) redis.off(outcome, settle);
      resolve();
    };
    for (const outcome of outcomes) redis.on(outcome, settle);
  });
  const connected = async (): Promise<void> => {
    if (redis.status !== 'ready') await firstConnectionSettled;
  };

  return {
    kind: 'redis',
    async hit(key, windowMs) {
      assertWindow(windowMs);
      await connected();
      return windowCountOf(await redis.eval(HIT_SCRIPT, 1, keyPrefix + key, windowMs), 'hit');
    },
    async peek(key, windowMs) {
      assertWindow(windowMs);
      await connected();
      const reply = await redis.eval(PEEK_SCRIPT, 1, keyPrefix + key);
      return Array.isArray(reply) && reply.length === 0 ? { count: 0, resetInMs: windowMs } : windowCountOf(reply, 'peek');
    },
    async ping() {
      await connected();
      await redis.ping();
    },
    async close() {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

function windowCountOf(reply: unknown, script: string): WindowCount {
  if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
    throw new Error(`unexpected reply from the ${script} script: ${JSON.stringify(reply)}`);
  }
  return { count: reply[0], resetInMs: reply[1] };
}
