import { assertWindow, type Counters } from './counters.js';

interface MemoryCountersOptions {
  /** Clock in milliseconds; injectable so tests can move time. */
  now?: () => number;
  /** How often windows that have ended are dropped, so memory stays bounded by the keys of recent windows. */
  pruneIntervalMs?: number;
}

interface MemoryCounters extends Counters {
  /** Keys currently held (a gauge for tests and metrics). */
  readonly trackedKeys: number;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Counters for one process (the embedded profile). */
export function createMemoryCounters(options: MemoryCountersOptions = {}): MemoryCounters {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  const prune = (): void => {
    const at = now();
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  // unref: pruning alone must not keep the process alive.
  const pruneTimer = setInterval(prune, options.pruneIntervalMs ?? 60_000).unref();
  let closed = false;

  return {
    kind: 'memory',
    get trackedKeys() {
      return windows.size;
    },
    async hit(key, windowMs) {
      assertWindow(windowMs);
      if (closed) throw new Error('memory counters are closed');
      const at = now();
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - at };
    },
    async peek(key, windowMs) {
      assertWindow(windowMs);
      if (closed) throw new Error('memory counters are closed');
      const at = now();
      const window = windows.get(key);
      if (window === undefined || window.endsAt <= at) return { count: 0, resetInMs: windowMs };
      return { count: window.count, resetInMs: window.endsAt - at };
    },
    async ping() {
      if (closed) throw new Error('memory counters are closed');
    },
    async close() {
      closed = true;
      clearInterval(pruneTimer);
      windows.clear();
    },
  };
}
