// The time range and filters of the findings analytics views: parsed
// from the query string, aligned to whole buckets in UTC, and echoed in every
// answer so a client sees exactly what was counted.
import { listFilter, observationKinds, severities, severityRankOrder } from '../findings/index.js';
import type { Bucket, BucketStart, BucketedWindow, FindingFilter } from './store/finding-transitions.js';
import { validationFailed } from '../platform/errors.js';

export const buckets: readonly Bucket[] = ['day', 'week', 'month'];
/** A series longer than this is refused: a day bucket over years is a mistake, and its answer megabytes. */
const MAX_BUCKETS = 1_000;
/** The default window: this many days, the last of them today. */
const DEFAULT_WINDOW_DAYS = 90;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Both analytics stores hold times from 1970 to 2105 (ClickHouse's DateTime); a window stays inside.
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;

/** The window a view counted, as it answers it: aligned, with what was asked beside it. */
interface WindowEcho {
  /** The first bucket's start (inclusive). */
  from: BucketStart;
  /** The start of the bucket after the last one (exclusive). */
  to: BucketStart;
  bucket: Bucket;
  requested_from: BucketStart;
  requested_to: BucketStart;
  /** True when from or to moved to a bucket boundary. */
  aligned: boolean;
}

interface ParsedWindow {
  window: BucketedWindow;
  echo: WindowEcho;
}

interface FilterEcho {
  severity: string[] | null;
  kind: string[] | null;
  asset_id: string | null;
}

export interface ParsedFilter {
  filter: FindingFilter;
  echo: FilterEcho;
  /** The severities the answer reports: the ones asked, else all, worst first. */
  severities: readonly string[];
}

export const formatDay = (day: Date): BucketStart => day.toISOString().slice(0, 10);

/** Midnight UTC of the day the instant falls in. */
export const startOfDay = (instant: Date): Date => new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);

const addDays = (day: Date, days: number): Date => new Date(day.getTime() + days * DAY_MS);

/** Whole days from one day's midnight to another's. */
export const daysBetween = (from: Date, to: Date): number => Math.round((to.getTime() - from.getTime()) / DAY_MS);

/** The start of the bucket holding the day: the day itself, its week's Monday, or its month's 1st. */
function bucketStartOf(day: Date, bucket: Bucket): Date {
  if (bucket === 'day') return day;
  if (bucket === 'week') return addDays(day, -((day.getUTCDay() + 6) % 7));
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
}

export function nextBucketStart(start: Date, bucket: Bucket): Date {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/** Every bucket start of the window, in order. */
export function bucketStarts(window: BucketedWindow): BucketStart[] {
  const starts: BucketStart[] = [];
  for (let start = window.from; start < window.to; start = nextBucketStart(start, window.bucket)) starts.push(formatDay(start));
  return starts;
}

function parseDay(name: string, raw: unknown): Date | undefined {
  if (raw === undefined || raw === '') return undefined;
  const match = typeof raw === 'string' ? DATE.exec(raw) : null;
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over into March; a date that does not read back is no date.
  if (!match || formatDay(parsed) !== raw || year < FIRST_YEAR || year > LAST_YEAR) {
    throw validationFailed(`${name} must be a date YYYY-MM-DD between ${FIRST_YEAR} and ${LAST_YEAR}`);
  }
  return parsed;
}

function parseBucket(raw: unknown): Bucket {
  if (raw === undefined || raw === '') return 'day';
  const bucket = buckets.find((candidate) => candidate === raw);
  if (bucket === undefined) throw validationFailed(`bucket must be one of: ${buckets.join(', ')}`);
  return bucket;
}

/**
 * from (inclusive) and to (exclusive) as UTC dates, by default the 90 days ending
 * today; from moves down and to up to bucket starts (weeks start on Monday).
 */
export function parseWindow(query: Record<string, unknown>, today: Date): ParsedWindow {
  const bucket = parseBucket(query.bucket);
  const to = parseDay('to', query.to) ?? addDays(startOfDay(today), 1);
  const from = parseDay('from', query.from) ?? addDays(to, -DEFAULT_WINDOW_DAYS);
  if (from >= to) throw validationFailed('from must be before to (to is exclusive)');
  const alignedFrom = bucketStartOf(from, bucket);
  const lastStart = bucketStartOf(addDays(to, -1), bucket);
  const alignedTo = nextBucketStart(lastStart, bucket);
  const window = { from: alignedFrom, to: alignedTo, bucket };
  const count = bucketCount(window);
  if (count > MAX_BUCKETS) {
    throw validationFailed(`from and to span ${count} ${bucket} buckets; at most ${MAX_BUCKETS}: move from or to closer, or choose a larger bucket`);
  }
  return {
    window,
    echo: {
      from: formatDay(alignedFrom),
      to: formatDay(alignedTo),
      bucket,
      requested_from: formatDay(from),
      requested_to: formatDay(to),
      aligned: alignedFrom.getTime() !== from.getTime() || alignedTo.getTime() !== to.getTime(),
    },
  };
}

function bucketCount(window: BucketedWindow): number {
  if (window.bucket === 'day') return daysBetween(window.from, window.to);
  if (window.bucket === 'week') return daysBetween(window.from, window.to) / 7;
  return (window.to.getUTCFullYear() - window.from.getUTCFullYear()) * 12 + window.to.getUTCMonth() - window.from.getUTCMonth();
}

/**
 * severity and kind (comma-separated, from the findings vocabularies) and asset_id.
 * An asset of another organization, or none, narrows to nothing: every store query
 * names the organization first.
 */
export function parseFilter(query: Record<string, unknown>): ParsedFilter {
  const severity = listFilter('severity', query.severity, severities);
  const kind = listFilter('kind', query.kind, observationKinds);
  const assetId = typeof query.asset_id === 'string' && query.asset_id !== '' ? query.asset_id.toLowerCase() : null;
  return {
    filter: { ...(severity ? { severities: severity } : {}), ...(kind ? { kinds: kind } : {}), ...(assetId ? { assetId } : {}) },
    echo: { severity, kind, asset_id: assetId },
    severities: severityRankOrder.filter((candidate) => severity === null || severity.includes(candidate)),
  };
}
