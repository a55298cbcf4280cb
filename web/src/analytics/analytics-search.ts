// The analytics page's window and filters as URL search parameters, spelled as the API
// takes them (from and to as UTC days, to exclusive; severity and kind comma-separated; an asset id),
// so a view can be shared or bookmarked. What is left out takes the API's default.
import { KINDS, SEVERITIES } from '../findings/findings-search';

export const BUCKETS = ['day', 'week', 'month'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface AnalyticsSearch {
  from?: string;
  to?: string;
  bucket?: Bucket;
  severity?: string;
  kind?: string;
  asset_id?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters every view takes, window or not. */
export type AnalyticsFilters = Pick<AnalyticsSearch, 'severity' | 'kind' | 'asset_id'>;

/** Keeps only well-formed days and known values, so a hand-edited URL cannot ask for nonsense. */
export function parseAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  const day = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined);
  const known = (value: unknown, allowed: readonly string[]) => {
    const values = typeof value === 'string' ? value.split(',').filter((item) => allowed.includes(item)) : [];
    return values.length > 0 ? values.join(',') : undefined;
  };
  return {
    from: day(search.from),
    to: day(search.to),
    bucket: BUCKETS.find((bucket) => bucket === search.bucket),
    severity: known(search.severity, SEVERITIES),
    kind: known(search.kind, KINDS),
    asset_id: typeof search.asset_id === 'string' && UUID.test(search.asset_id) ? search.asset_id : undefined,
  };
}
