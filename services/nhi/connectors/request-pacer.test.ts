import { describe, expect, it } from 'vitest';
import { createRequestPacer } from './request-pacer.js';
import { virtualClock } from './testing/provider-peer.js';

describe('request pacer', () => {
  it('lets no one-second window hold more than the limit, bursts included', async () => {
    const clock = virtualClock();
    const pacer = createRequestPacer(10, clock);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 35 }, async () => {
        await pacer.acquire();
        starts.push(clock.now());
      }),
    );
    expect(starts).toHaveLength(35);
    for (let index = 10; index < starts.length; index++) expect(starts[index]! - starts[index - 10]!).toBeGreaterThanOrEqual(1000);
    // The first ten go at once; the limit is a rate, not a spacing.
    expect(new Set(starts.slice(0, 10)).size).toBe(1);
  });

  it('gives back a token one second after it was taken', async () => {
    const clock = virtualClock();
    const pacer = createRequestPacer(2, clock);
    await pacer.acquire();
    await clock.sleep(400);
    await pacer.acquire();
    await pacer.acquire();
    expect(clock.sleeps).toEqual([400, 600]);
  });
});
