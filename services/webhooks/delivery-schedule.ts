// When a failed delivery is tried again, when it is given up, and when an
// endpoint that keeps failing is disabled (spec 3.2, 8; docs/decisions/webhooks.md).

/** Attempts per delivery, the first included; after the last the delivery is failed and abandoned. */
export const MAX_DELIVERY_ATTEMPTS = 20;
const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 2 * 60 * 60_000;
/**
 * Each delay is scaled by a factor drawn uniformly from [0.8, 1.2), so the
 * deliveries of an outage do not come back in one synchronized wave.
 */
export const RETRY_JITTER = 0.2;

/** The nominal delay after the n-th failed attempt (1-based): 30 s doubling, capped at 2 hours. */
export function nominalRetryDelayMs(attemptsMade: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** (attemptsMade - 1), RETRY_CAP_MS);
}

/** The delay to use after the n-th failed attempt: the nominal delay with jitter. */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number {
  return Math.round(nominalRetryDelayMs(attemptsMade) * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}

export interface AutoDisablePolicy {
  /** Failed attempts in a row, across all the endpoint's deliveries, with no success between. */
  consecutiveFailures: number;
  /** How long the endpoint must have been failing, counted from the first failure of that streak. */
  failingForMs: number;
}

/**
 * Both conditions must hold: a count alone would disable a healthy endpoint
 * after one short outage during a burst of events, a duration alone after two
 * lone failures a day apart. One delivery exhausting its 20 attempts spans
 * about a day, so the default reads "failed every attempt for a day".
 */
export const DEFAULT_AUTO_DISABLE: AutoDisablePolicy = {
  consecutiveFailures: 20,
  failingForMs: 24 * 60 * 60_000,
};

export function shouldAutoDisable(policy: AutoDisablePolicy, streak: { consecutiveFailures: number; failingSince: Date }, now: Date): boolean {
  return streak.consecutiveFailures >= policy.consecutiveFailures && now.getTime() - streak.failingSince.getTime() >= policy.failingForMs;
}
