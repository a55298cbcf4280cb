// At most N request starts in any one-second window, per connector (spec 8:
// 10 per second). In-process: a connector's synchronization runs in one worker at
// a time, so its pacer lives with its client (docs/decisions/nhi.md, "Connectors").

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A token bucket of `perSecond` tokens in which each token comes back one second
 * after it was taken (a sliding window), so no second ever holds more than
 * `perSecond` starts, bursts included. Waiters are served in arrival order.
 */
export function createRequestPacer(perSecond: number, clock: Clock) {
  const taken: number[] = [];
  let queue: Promise<void> = Promise.resolve();

  async function takeToken(): Promise<void> {
    for (;;) {
      const now = clock.now();
      while (taken.length > 0 && taken[0]! <= now - 1000) taken.shift();
      if (taken.length < perSecond) {
        taken.push(now);
        return;
      }
      await clock.sleep(taken[0]! + 1000 - now);
    }
  }

  /** Resolves when the caller may start a request. */
  function acquire(): Promise<void> {
    const turn = queue.then(takeToken);
    queue = turn;
    return turn;
  }

  return { acquire };
}
