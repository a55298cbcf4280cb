import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../test/support/services.js';
import { startTcpRelay, type TcpRelay } from '../../../test/support/tcp-relay.js';
import type { Counters } from './counters.js';
import { createMemoryCounters } from './memory-counters.js';
import { createRedisCounters } from './redis-counters.js';

// A namespace per run, so parallel runs against the same Redis cannot see each other's keys.
const redisPrefix = `sentinel:rl:test:${randomBytes(6).toString('hex')}:`;

const adapters = [
  { name: 'redis', create: () => createRedisCounters({ url: testServices.redisUrl, keyPrefix: redisPrefix }) },
  { name: 'memory', create: () => createMemoryCounters() },
] as const;

describe.each(adapters)('Counters contract ($name)', ({ create }) => {
  let counters: Counters;
  let keySeq = 0;
  const freshKey = (): string => `key-${++keySeq}`;

  beforeAll(() => {
    counters = create();
  });
  afterAll(async () => {
    await counters.close();
  });

  it('answers ping', async () => {
    await expect(counters.ping()).resolves.toBeUndefined();
  });

  it('starts a window at 1 with the whole window left', async () => {
    const first = await counters.hit(freshKey(), 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
  });

  it('increments within a window without extending it', async () => {
    const key = freshKey();
    const first = await counters.hit(key, 60_000);
    await sleep(20);
    const second = await counters.hit(key, 60_000);
    const third = await counters.hit(key, 60_000);
    expect([first.count, second.count, third.count]).toEqual([1, 2, 3]);
    expect(second.resetInMs).toBeLessThan(first.resetInMs);
    expect(third.resetInMs).toBeLessThanOrEqual(second.resetInMs);
  });

  it('starts over once the window has ended', async () => {
    const key = freshKey();
    await counters.hit(key, 250);
    const second = await counters.hit(key, 250);
    expect(second.count).toBe(2);
    await sleep(second.resetInMs + 50);
    const afterReset = await counters.hit(key, 250);
    expect(afterReset.count).toBe(1);
    expect(afterReset.resetInMs).toBeGreaterThan(150);
  });

  it('keeps separate keys independent', async () => {
    const [a, b] = [freshKey(), freshKey()];
    await counters.hit(a, 60_000);
    await counters.hit(a, 60_000);
    expect((await counters.hit(b, 60_000)).count).toBe(1);
    expect((await counters.hit(a, 60_000)).count).toBe(3);
  });

  it('gives 200 concurrent hits the counts 1 to 200, each once', async () => {
    const key = freshKey();
    const results = await Promise.all(Array.from({ length: 200 }, () => counters.hit(key, 60_000)));
    const counts = results.map((r) => r.count).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('peeks at a window without counting, and at a key without one as a whole window to come', async () => {
    const key = freshKey();
    expect(await counters.peek(key, 60_000)).toEqual({ count: 0, resetInMs: 60_000 });
    await counters.hit(key, 60_000);
    await counters.hit(key, 60_000);
    const peeked = await counters.peek(key, 60_000);
    expect(peeked.count).toBe(2);
    expect(peeked.resetInMs).toBeGreaterThan(59_000);
    expect(peeked.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await counters.peek(key, 60_000)).count).toBe(2);
    expect((await counters.hit(key, 60_000)).count).toBe(3);
  });

  it('peeks past the end of a window as at no window', async () => {
    const key = freshKey();
    const { resetInMs } = await counters.hit(key, 250);
    await sleep(resetInMs + 50);
    expect(await counters.peek(key, 250)).toEqual({ count: 0, resetInMs: 250 });
  });

  it('refuses a window that is not a positive integer', async () => {
    await expect(counters.hit(freshKey(), 0)).rejects.toThrow(RangeError);
    await expect(counters.hit(freshKey(), 1.5)).rejects.toThrow(RangeError);
    await expect(counters.peek(freshKey(), 0)).rejects.toThrow(RangeError);
  });
});

describe('memory counters', () => {
  it('follows an injected clock', async () => {
    let now = 1_000_000;
    const counters = createMemoryCounters({ now: () => now });
    try {
      expect(await counters.hit('k', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
      now += 999;
      expect(await counters.hit('k', 1_000)).toEqual({ count: 2, resetInMs: 1 });
      now += 1;
      expect(await counters.hit('k', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    } finally {
      await counters.close();
    }
  });

  it('prunes ended windows so memory stays bounded', async () => {
    let now = 0;
    const counters = createMemoryCounters({ now: () => now, pruneIntervalMs: 20 });
    try {
      await counters.hit('short', 100);
      await counters.hit('long', 10_000);
      expect(counters.trackedKeys).toBe(2);
      now = 100;
      await expect.poll(() => counters.trackedKeys).toBe(1);
    } finally {
      await counters.close();
    }
  });
});

describe('redis counters', () => {
  it('count atomically across clients, as separate processes would', async () => {
    const first = createRedisCounters({ url: testServices.redisUrl, keyPrefix: redisPrefix });
    const second = createRedisCounters({ url: testServices.redisUrl, keyPrefix: redisPrefix });
    try {
      const hits = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? first : second).hit('shared', 60_000));
      const counts = (await Promise.all(hits)).map((r) => r.count).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('redis counters through an outage', () => {
  let relay: TcpRelay;
  beforeAll(async () => {
    relay = await startTcpRelay(testServices.redisUrl);
  });
  afterAll(() => relay.close());

  it('rejects quickly while Redis is unreachable and recovers by itself', async () => {
    const counters = createRedisCounters({ url: relay.url, keyPrefix: redisPrefix });
    try {
      expect((await counters.hit('outage', 60_000)).count).toBe(1);

      await relay.cut();
      const started = Date.now();
      await expect(counters.hit('outage', 60_000)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);

      await relay.restore();
      await expect.poll(() => counters.hit('outage', 60_000).then((r) => r.count, () => 0), { timeout: 10_000, interval: 100 }).toBe(2);
    } finally {
      await counters.close();
    }
  });
});

describe('redis counters without a working Redis', () => {
  // Accepts connections and never answers: what a hung or black-holed Redis looks like.
  const accepted = new Set<Socket>();
  const silent = createServer((socket) => accepted.add(socket));
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const endpoints = [
    { name: 'nothing listening', url: () => 'redis://127.0.0.1:1' },
    { name: 'a server that never answers', url: () => `redis://127.0.0.1:${(silent.address() as AddressInfo).port}` },
  ];

  it.each(endpoints)('rejects hit() and ping() quickly with $name', async ({ url }) => {
    const counters = createRedisCounters({ url: url() });
    try {
      const started = Date.now();
      await expect(counters.hit('k', 1_000)).rejects.toThrow();
      await expect(counters.hit('k', 1_000)).rejects.toThrow();
      await expect(counters.peek('k', 1_000)).rejects.toThrow();
      await expect(counters.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await counters.close();
    }
  });
});
