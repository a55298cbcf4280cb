// A large listing's total is the planner's estimate, advisory only (spec 4.9). Asking the
// planner again for every page of the same listing costs a round trip and a plan, and
// answers the same until the table's statistics change. So an estimate is kept for a
// short while per organization, listing and filters. Exact counts are never kept: a
// small set is counted at every request.

export interface EstimateCache {
  /** The estimate kept for this organization, listing and filters, if still fresh. */
  get(orgId: string, listing: string, filters: unknown): number | undefined;
  set(orgId: string, listing: string, filters: unknown, estimate: number): void;
}

export interface EstimateCacheOptions {
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
