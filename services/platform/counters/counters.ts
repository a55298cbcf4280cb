// Fixed-window counters for rate limiting. A window starts with the first hit
// on a key and lasts windowMs; the next hit after it ends starts a new one.
// A key is meant to be used with one windowMs (callers put the limit in the key).

export interface WindowCount {
  count: number;
  resetInMs: number;
}

export interface Counters {
  readonly kind: 'redis' | 'memory';
  /** Atomically increments the counter for key in the current fixed window of windowMs and returns the new count and time left in the window. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The same answer without counting: count 0 and the whole of windowMs left when no window is open. */
  peek(key: string, windowMs: number): Promise<WindowCount>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function assertWindow(windowMs: number): void {
  if (!Number.isSafeInteger(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
}
