import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createPollingLoop } from './polling-loop.js';

const logger = createLogger('silent');
const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('polling loop', () => {
  it('goes again at once while work may be waiting, then sleeps the interval', async () => {
    let passes = 0;
    const loop = createPollingLoop({ pollIntervalMs: 60_000, logger, failureMessage: 'pass failed', tick: async () => (++passes < 3 ? 'more' : 'idle') });
    loop.start();
    await waitFor(() => passes === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes).toBe(3);
    await loop.stop(); // wakes the sleeping loop instead of waiting out the minute
  });

  it('survives a failing pass and tries again after the interval', async () => {
    let passes = 0;
    const loop = createPollingLoop({
      pollIntervalMs: 10,
      logger,
      failureMessage: 'pass failed',
      tick: async () => {
        passes += 1;
        if (passes === 1) throw new Error('database went away');
        return 'idle';
      },
    });
    loop.start();
    await waitFor(() => passes >= 2);
    await loop.stop();
  });

  it('lets the pass in flight finish before stop resolves', async () => {
    let finished = false;
    const loop = createPollingLoop({
      pollIntervalMs: 10,
      logger,
      failureMessage: 'pass failed',
      tick: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished = true;
        return 'idle';
      },
    });
    loop.start();
    await loop.stop();
    expect(finished).toBe(true);
  });

  it('wakes a sleeping loop at once when poked', async () => {
    let passes = 0;
    const loop = createPollingLoop({ pollIntervalMs: 60_000, logger, failureMessage: 'pass failed', tick: async () => (passes++, 'idle') });
    loop.start();
    await waitFor(() => passes === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes).toBe(1); // asleep for the minute
    loop.poke();
    await waitFor(() => passes === 2);
    await loop.stop();
  });

  it('goes again instead of sleeping when poked during a pass, also a failing one', async () => {
    let passes = 0;
    const loop = createPollingLoop({
      pollIntervalMs: 60_000,
      logger,
      failureMessage: 'pass failed',
      tick: async () => {
        passes += 1;
        if (passes === 1) loop.poke();
        if (passes === 2) {
          loop.poke();
          throw new Error('database went away');
        }
        return 'idle';
      },
    });
    loop.start();
    await waitFor(() => passes === 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes).toBe(3); // a poke counts once: the third pass, not poked, sleeps
    await loop.stop();
  });
});
