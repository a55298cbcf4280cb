// The loop every polling background role shares (job workers, the outbox relay,
// the scheduler, the webhook delivery worker): work through what is due, sleep
// when nothing is left, wake early to stop or when poked.
import type { Logger } from './logger.js';

interface PollingLoopOptions {
  /** One pass; 'more' when work may be waiting (go again at once), 'idle' to sleep. */
  tick: () => Promise<'more' | 'idle'>;
  pollIntervalMs: number;
  logger: Logger;
  /** Logged with the error when a pass fails; the loop sleeps, then tries again. */
  failureMessage: string;
}

export interface PollingLoop {
  start(): void;
  /**
   * Work may be waiting: a sleeping loop wakes at once, and a pass in flight is
   * followed by another instead of a sleep.
   */
  poke(): void;
  /** Lets the pass in flight finish, then stops. */
  stop(): Promise<void>;
}

export function createPollingLoop(options: PollingLoopOptions): PollingLoop {
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let poked = false;

  async function run(): Promise<void> {
    while (running) {
      let outcome: 'more' | 'idle' = 'idle';
      poked = false;
      try {
        outcome = await options.tick();
      } catch (error) {
        options.logger.warn({ err: error }, options.failureMessage);
      }
      if (outcome === 'idle' && running && !poked) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    poke(): void {
      poked = true;
      wake?.();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
    },
  };
}
