// The findings analytics views. The store (ClickHouse or SQL) answers
// sparse rows per bucket; this file zero-fills them, accumulates open counts,
// derives means, age buckets and SLA breaches, one code for both stores.
import { isUuid } from '../platform/ids.js';
import { newestTimelineEntry, severityRankOrder } from '../findings/index.js';
import type {
  AdvisoryExposureRow,
  AdvisoryRankPosition,
  AffectedAssetRow,
  BucketStart,
  BucketedWindow,
  FindingAnalyticsQueries,
  FindingFilter,
  FlowRow,
  OpenCohortRow,
  OpenFindingsChanges,
  RemediationRow,
} from './store/finding-transitions.js';
import type { Database, OrgId } from '../platform/db/database.js';
import { invalidCursor, type CursorCodec } from '../platform/pagination/cursor.js';
import { parsePageRequest } from '../platform/pagination/page.js';
import { readRemediationSla, type SlaDays } from './remediation-sla.js';
import { bucketStarts, daysBetween, formatDay, nextBucketStart, parseFilter, parseWindow, startOfDay, type ParsedFilter } from './window.js';

export interface ViewDependencies {
  analytics: FindingAnalyticsQueries;
  db: Database;
  codec: CursorCodec;
  now: () => Date;
}

type Query = Record<string, unknown>;
type BySeverity<Value> = Record<string, Value>;

const SECONDS_PER_DAY = 86_400;

const bySeverity = <Value>(severities: readonly string[], valueOf: (severity: string) => Value): BySeverity<Value> =>
  Object.fromEntries(severities.map((severity) => [severity, valueOf(severity)]));

const asOfText = (appliedThrough: Date | null): string | null => appliedThrough?.toISOString() ?? null;

/** Open findings at the end of every bucket: those open at the window's start plus each bucket's net change, accumulated. */
export function openFindingsSeries(changes: OpenFindingsChanges, window: BucketedWindow, severities: readonly string[]) {
  const open = new Map(severities.map((severity) => [severity, 0]));
  for (const row of changes.openAtStart) if (open.has(row.severity)) open.set(row.severity, open.get(row.severity)! + row.open);
  const netByBucket = groupByBucket(changes.changes);
  return bucketStarts(window).map((bucket) => {
    for (const row of netByBucket.get(bucket) ?? []) if (open.has(row.severity)) open.set(row.severity, open.get(row.severity)! + row.net);
    const counts = bySeverity(severities, (severity) => open.get(severity)!);
    return { bucket, end: formatDay(nextBucketStart(new Date(`${bucket}T00:00:00Z`), window.bucket)), by_severity: counts, total: sum(Object.values(counts)) };
  });
}

/** Discovered, resolved and reopened per bucket and severity, zero where the store had no row. */
export function findingFlowSeries(rows: readonly FlowRow[], window: BucketedWindow, severities: readonly string[]) {
  const byBucket = groupByBucket(rows);
  return bucketStarts(window).map((bucket) => {
    const found = byBucket.get(bucket) ?? [];
    const counts = bySeverity(severities, (severity) => {
      const row = found.find((candidate) => candidate.severity === severity);
      return { discovered: row?.discovered ?? 0, resolved: row?.resolved ?? 0, reopened: row?.reopened ?? 0 };
    });
    const all = Object.values(counts);
    return {
      bucket,
      by_severity: counts,
      total: { discovered: sum(all.map((c) => c.discovered)), resolved: sum(all.map((c) => c.resolved)), reopened: sum(all.map((c) => c.reopened)) },
    };
  });
}

/** The mean of a set of resolutions: null with none (no mean of nothing). */
export function remediationMean(resolved: number, totalSeconds: number) {
  if (resolved === 0) return { resolved: 0, mean_seconds: null, mean_days: null };
  const mean = totalSeconds / resolved;
  return { resolved, mean_seconds: Math.round(mean), mean_days: Math.round((mean / SECONDS_PER_DAY) * 100) / 100 };
}

/** Mean time to remediate per severity over the whole window, and per bucket (the trend). */
export function remediationSeries(rows: readonly RemediationRow[], window: BucketedWindow, severities: readonly string[]) {
  const inScope = rows.filter((row) => severities.includes(row.severity));
  const meanOf = (selected: readonly RemediationRow[]) => remediationMean(sum(selected.map((r) => r.resolved)), sum(selected.map((r) => r.totalSeconds)));
  const byBucket = groupByBucket(inScope);
  return {
    overall: { by_severity: bySeverity(severities, (severity) => meanOf(inScope.filter((row) => row.severity === severity))), all: meanOf(inScope) },
    series: bucketStarts(window).map((bucket) => {
      const found = byBucket.get(bucket) ?? [];
      return { bucket, by_severity: bySeverity(severities, (severity) => meanOf(found.filter((row) => row.severity === severity))), all: meanOf(found) };
    }),
  };
}

/** The worst of the severities, in the findings' own order; a severity the order does not know ranks last. */
export function worstSeverity(severities: readonly string[]): string {
  const rank = (severity: string) => {
    const index = severityRankOrder.indexOf(severity as (typeof severityRankOrder)[number]);
    return index === -1 ? severityRankOrder.length : index;
  };
  return [...severities].sort((a, b) => rank(a) - rank(b))[0] ?? 'unknown';
}

/** The age buckets of open findings, in days since first seen (inclusive bounds). */
const ageBuckets = [
  { name: 'days_0_7', upTo: 7 },
  { name: 'days_8_30', upTo: 30 },
  { name: 'days_31_90', upTo: 90 },
  { name: 'days_91_180', upTo: 180 },
  { name: 'days_over_180', upTo: Infinity },
] as const;

/**
 * Open findings per severity by age (whole days from the UTC day first seen to
 * today), and how many are past the severity's SLA: older than its days.
 */
export function findingAges(cohorts: readonly OpenCohortRow[], today: Date, severities: readonly string[], sla: SlaDays) {
  return bySeverity(severities, (severity) => {
    const ages = Object.fromEntries(ageBuckets.map((bucket) => [bucket.name, 0])) as Record<(typeof ageBuckets)[number]['name'], number>;
    const slaDays = sla[severity as keyof SlaDays] ?? null;
    let open = 0;
    let pastSla = 0;
    for (const cohort of cohorts.filter((row) => row.severity === severity)) {
      const age = daysBetween(new Date(`${cohort.firstSeenDay}T00:00:00Z`), today);
      ages[ageBuckets.find((bucket) => age <= bucket.upTo)!.name] += cohort.open;
      open += cohort.open;
      if (slaDays !== null && age > slaDays) pastSla += cohort.open;
    }
    return { open, ages, sla_days: slaDays, past_sla: pastSla };
  });
}

/**
 * A view over a window: parses the window and filters, asks the store (beside its
 * as_of) and shapes the answer, echoing what was counted.
 */
async function windowedView<Rows, Shaped extends object>(
  deps: ViewDependencies,
  orgId: OrgId,
  query: Query,
  ask: (filter: FindingFilter, window: BucketedWindow) => Promise<Rows>,
  shape: (rows: Rows, window: BucketedWindow, severities: readonly string[]) => Shaped,
) {
  const { window, echo } = parseWindow(query, deps.now());
  const filter = parseFilter(query);
  const [rows, appliedThrough] = await Promise.all([ask(filter.filter, window), deps.analytics.appliedThrough(orgId)]);
  return { as_of: asOfText(appliedThrough), window: echo, filters: filter.echo, ...shape(rows, window, filter.severities) };
}

export const openFindingsView = (deps: ViewDependencies, orgId: OrgId, query: Query) =>
  windowedView(deps, orgId, query, (filter, window) => deps.analytics.openFindingsChanges(orgId, filter, window), (changes, window, severities) => ({
    series: openFindingsSeries(changes, window, severities),
  }));

export const findingFlowView = (deps: ViewDependencies, orgId: OrgId, query: Query) =>
  windowedView(deps, orgId, query, (filter, window) => deps.analytics.findingFlow(orgId, filter, window), (rows, window, severities) => ({
    series: findingFlowSeries(rows, window, severities),
  }));

export const remediationTimeView = (deps: ViewDependencies, orgId: OrgId, query: Query) =>
  windowedView(deps, orgId, query, (filter, window) => deps.analytics.remediation(orgId, filter, window), remediationSeries);

/** Reads limit and cursor, and verifies the cursor against the listing's binding before any store work. */
function pageOf<Position>(deps: ViewDependencies, orgId: OrgId, query: Query, listing: string, filter: ParsedFilter, isPosition: (value: unknown) => value is Position) {
  const request = parsePageRequest({ limit: query.limit, cursor: query.cursor }, { orders: [listing], defaultOrder: listing });
  const scope = { orgId, listing, order: listing, filters: { ...filter.echo } };
  let after: Position | null = null;
  if (request.cursor !== undefined) {
    const position = deps.codec.decode(request.cursor, scope);
    if (!isPosition(position)) throw invalidCursor();
    after = position;
  }
  return {
    limit: request.limit,
    after,
    /** The page envelope over limit + 1 fetched rows: the extra one only tells that more follow. */
    envelope<Row, Item>(rows: readonly Row[], toItem: (row: Row) => Item, positionOf: (row: Row) => Position) {
      const items = rows.slice(0, request.limit);
      const hasMore = rows.length > request.limit;
      const last = items.at(-1);
      return {
        items: items.map(toItem),
        page: { limit: request.limit, stable: false },
        has_more: hasMore,
        ...(hasMore && last !== undefined ? { next_cursor: deps.codec.encode({ ...scope, position: positionOf(last) }) } : {}),
      };
    },
  };
}

const isRankPosition = (value: unknown): value is AdvisoryRankPosition => {
  const position = value as Partial<AdvisoryRankPosition> | null;
  return typeof position === 'object' && position !== null && Number.isSafeInteger(position.assets) && typeof position.advisory === 'string';
};

const isAssetPosition = (value: unknown): value is string => typeof value === 'string' && isUuid(value);

/** One page of a fleet listing: the store's rows after the cursor's position (one more than the page), with as_of and the filters. */
async function fleetPage<Position, Row, Item>(
  deps: ViewDependencies,
  orgId: OrgId,
  query: Query,
  listing: { name: string; isPosition: (value: unknown) => value is Position; positionOf: (row: Row) => Position; toItem: (row: Row) => Item },
  ask: (filter: FindingFilter, page: { after: Position | null; limit: number }) => Promise<Row[]>,
) {
  const filter = parseFilter(query);
  const page = pageOf(deps, orgId, query, listing.name, filter, listing.isPosition);
  const [rows, appliedThrough] = await Promise.all([ask(filter.filter, { after: page.after, limit: page.limit + 1 }), deps.analytics.appliedThrough(orgId)]);
  return { as_of: asOfText(appliedThrough), filters: filter.echo, ...page.envelope(rows, listing.toItem, listing.positionOf) };
}

/** Advisories with open findings, most affected assets first, cursor-paginated. */
export const advisoryExposureView = (deps: ViewDependencies, orgId: OrgId, query: Query) =>
  fleetPage(
    deps,
    orgId,
    query,
    {
      name: 'analytics-advisories',
      isPosition: isRankPosition,
      positionOf: (row: AdvisoryExposureRow) => ({ assets: row.assets, advisory: row.advisory }),
      toItem: (row: AdvisoryExposureRow) => ({ advisory: row.advisory, assets: row.assets, open_findings: row.openFindings, worst_severity: worstSeverity(row.severities) }),
    },
    (filter, page) => deps.analytics.advisoryRanking(orgId, filter, page),
  );

/**
 * The assets with open findings of one advisory, in asset id order. An advisory
 * with no open finding in the organization is an empty page, whoever else has it.
 * The advisory binds the cursor too: a cursor of another advisory's listing is refused.
 */
export const advisoryAssetsView = (deps: ViewDependencies, orgId: OrgId, advisory: string, query: Query) =>
  fleetPage(
    deps,
    orgId,
    query,
    {
      name: `analytics-advisory-assets:${advisory}`,
      isPosition: isAssetPosition,
      positionOf: (row: AffectedAssetRow) => row.assetId,
      toItem: (row: AffectedAssetRow) => ({
        asset_id: row.assetId,
        open_findings: row.openFindings,
        worst_severity: worstSeverity(row.severities),
        first_seen_at: row.firstSeenAt.toISOString(),
      }),
    },
    (filter, page) => deps.analytics.affectedAssets(orgId, advisory, filter, { afterAssetId: page.after, limit: page.limit }),
  );

export async function findingAgeView(deps: ViewDependencies, orgId: OrgId, query: Query) {
  const filter = parseFilter(query);
  const today = startOfDay(deps.now());
  const [cohorts, sla, appliedThrough] = await Promise.all([deps.analytics.openCohorts(orgId, filter.filter), readRemediationSla(deps.db, orgId), deps.analytics.appliedThrough(orgId)]);
  return { as_of: asOfText(appliedThrough), today: formatDay(today), filters: filter.echo, by_severity: findingAges(cohorts, today, filter.severities, sla) };
}

/**
 * How far the analytics store runs behind PostgreSQL for the organization: the
 * newest timeline entry against the newest transition the store holds. The store
 * keeps whole seconds, so the entry is compared truncated to its second.
 */
export async function freshnessView(deps: ViewDependencies, orgId: OrgId) {
  const [appliedThrough, newest] = await Promise.all([deps.analytics.appliedThrough(orgId), newestTimelineEntry(deps.db, orgId)]);
  return { as_of: asOfText(appliedThrough), newest_timeline_entry: newest?.toISOString() ?? null, lag_seconds: lagSeconds(appliedThrough, newest), expected_lag_seconds: EXPECTED_LAG_SECONDS };
}

/**
 * What a healthy deployment runs behind by: the outbox relay polls every 100 ms,
 * a consumer's fetch waits at most 500 ms (Kafka; the embedded log polls every 50 ms), and the sink writes each batch in
 * one statement; a few seconds covers all three under load (docs/decisions/analytics.md, "The views over HTTP").
 */
export const EXPECTED_LAG_SECONDS = 5;

/** 0 when caught up; null when the store holds nothing of an organization with a timeline (it has not caught up at all). */
export function lagSeconds(appliedThrough: Date | null, newestEntry: Date | null): number | null {
  if (newestEntry === null) return 0;
  if (appliedThrough === null) return null;
  return Math.max(0, Math.floor(newestEntry.getTime() / 1000) - Math.floor(appliedThrough.getTime() / 1000));
}

function groupByBucket<Row extends { bucket: BucketStart }>(rows: readonly Row[]): Map<BucketStart, Row[]> {
  const grouped = new Map<BucketStart, Row[]>();
  for (const row of rows) grouped.set(row.bucket, [...(grouped.get(row.bucket) ?? []), row]);
  return grouped;
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

