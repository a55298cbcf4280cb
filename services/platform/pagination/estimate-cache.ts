// The planner's estimate of a listing's filtered set, kept a short while per organization,
// listing and filters. It decides how the advisory total is taken (spec 4.9): a set
// estimated small is counted exactly at every request, a large one answers the
// estimate. Asking the planner again for every request of the same listing costs a
// round trip and a plan, and answers the same until the table's statistics change.
// Exact counts are never kept: a small set changes visibly.

export interface EstimateCache {
  /** The estimate kept for this organization, listing and filters, if still fresh. */
  get(orgId: string, listing: string, filters: unknown): number | undefined;
  set(orgId: string, listing: string, filters: unknown, estimate: number): void;
}

interface EstimateCacheOptions {
  /** How long an estimate is answered without asking the planner again. */
  ttlMs: number;
  /** The most estimates kept; the oldest goes first. */
  maxEntries: number;
  now?: () => number;
}

export function createEstimateCache(options: EstimateCacheOptions): EstimateCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { estimate: number; expiresAt: number }>();
  // The organization is part of the key: one tenant's count is never another's answer.
  const keyOf = (orgId: string, listing: string, filters: unknown) => JSON.stringify([orgId, listing, filters]);
  return {
    get(orgId, listing, filters) {
      const key = keyOf(orgId, listing, filters);
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.estimate;
    },
    set(orgId, listing, filters, estimate) {
      const key = keyOf(orgId, listing, filters);
      entries.delete(key);
      entries.set(key, { estimate, expiresAt: now() + options.ttlMs });
      // A Map iterates in insertion order: the first key is the oldest.
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
