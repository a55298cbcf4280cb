// Reading findings and their timelines (spec 2.5, 2.6, 4.2, 4.9). Every query
// names the organization; a finding of another organization is not found.
import type { components } from '../../api/openapi.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { notFound, validationFailed } from '../platform/errors.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { defineKeysetOrder, keysetAfter, keysetAfterAsRanges, type KeysetRow } from '../platform/pagination/keyset.js';
import { parsePageRequest, readPage, type ListingTotal, type PageEnvelope } from '../platform/pagination/page.js';
import type { EstimateCache } from '../platform/pagination/estimate-cache.js';
import type { FindingEventSource } from './triage.js';
import { observationKinds, severities, type Fixability, type ObservationDetail, type ObservationKind, type Severity } from './observation.js';
import { actingAsSystem, systemScope } from '../platform/tenancy.js';

export const findingStatuses = ['open', 'triaged', 'suppressed', 'resolved', 'reopened'] as const;
export type FindingStatus = (typeof findingStatuses)[number];

/** Worst first: the severity order, and severity_rank as migration 040 generates it (the index of each severity). */
export const severityRankOrder: readonly Severity[] = ['critical', 'high', 'medium', 'unknown', 'low', 'none'];

export const findingOrders = {
  // Worst first, then most recently seen. Keys change as scans land: page.stable false.
  severity: defineKeysetOrder({
    stable: false,
    keys: [
      { column: 'severity_rank', type: 'integer', direction: 'asc' },
      { column: 'last_seen_at', type: 'timestamptz', direction: 'desc' },
      { column: 'id', type: 'uuid', direction: 'desc' },
    ],
  }),
  // Newest first by creation, which never changes: the order for machines walking every row.
  recent: defineKeysetOrder({
    stable: true,
    keys: [
      { column: 'created_at', type: 'timestamptz', direction: 'desc' },
      { column: 'id', type: 'uuid', direction: 'desc' },
    ],
  }),
};
type FindingOrder = keyof typeof findingOrders;
const orderNames = Object.keys(findingOrders) as FindingOrder[];

export interface FindingRow {
  id: string;
  asset_id: string;
  fingerprint: string;
  kind: ObservationKind;
  identifier: string;
  title: string | null;
  severity: Severity;
  fixability: Fixability;
  status: FindingStatus;
  component_ecosystem: string | null;
  component_name: string | null;
  component_version: string | null;
  install_path: string | null;
  target: string | null;
  detail: ObservationDetail;
  // Times as the API shows them: every read of this row passes findingRowReads.
  first_seen_at: string;
  last_seen_at: string;
  last_seen_scan_id: string;
  suppression_reason: string | null;
  suppressed_until: string | null;
  updated_at: string;
}

/** How a FindingRow is read: its times as the text the API shows. */
export const findingRowReads = { timesAsIsoText: true } as const;

export const findingColumns = `id, asset_id, fingerprint, kind, identifier, title, severity, fixability, status,
  component_ecosystem, component_name, component_version, install_path, target, detail,
  first_seen_at, last_seen_at, last_seen_scan_id, suppression_reason, suppressed_until, updated_at`;

/** Per order, the page query's inner select list: findingColumns and the keys it sorts by that they leave out. */
const pageColumns = Object.fromEntries(
  orderNames.map((name) => {
    const selected = findingColumns.split(',').map((column) => column.trim());
    const beyond = findingOrders[name].keys.filter((key) => !selected.includes(key.column)).map((key) => key.column);
    return [name, [findingColumns, ...beyond].join(', ')];
  }),
) as Record<FindingOrder, string>;

/** Per order, the id and the keys it sorts by: what a search's page is chosen by. */
const keyColumns = Object.fromEntries(
  orderNames.map((name) => [name, [...new Set(['id', ...findingOrders[name].keys.map((key) => key.column)])].join(', ')]),
) as Record<FindingOrder, string>;

export function toFindingView(row: FindingRow): FindingView {
  return {
    id: row.id,
    asset_id: row.asset_id,
    fingerprint: row.fingerprint,
    kind: row.kind,
    identifier: row.identifier,
    title: row.title,
    severity: row.severity,
    fixability: row.fixability,
    status: row.status,
    component_ecosystem: row.component_ecosystem,
    component_name: row.component_name,
    component_version: row.component_version,
    install_path: row.install_path,
    target: row.target,
    detail: row.detail,
    first_seen_at: row.first_seen_at,
    last_seen_at: row.last_seen_at,
    last_seen_scan_id: row.last_seen_scan_id,
    suppression: row.suppression_reason === null ? null : { reason: row.suppression_reason, expires_at: row.suppressed_until },
    updated_at: row.updated_at,
  };
}
/** A finding as the API shows it: the document's Finding. */
export type FindingView = components['schemas']['Finding'];

export async function getFindingRow(q: Queryable, orgId: OrgId, findingId: string): Promise<FindingRow> {
  const found = await q.query<FindingRow>(`SELECT ${findingColumns} FROM findings WHERE org_id = $1 AND id = $2`, [orgId, findingId], findingRowReads);
  const row = found.rows[0];
  if (!row) throw notFound();
  return row;
}

/** A comma-separated filter, each member checked against its vocabulary; null when absent or empty. */
export function listFilter(name: string, raw: unknown, allowed: readonly string[]): string[] | null {
  if (raw === undefined || raw === '') return null;
  const members = [...new Set(String(raw).split(',').map((member) => member.trim()))];
  const unknown = members.filter((member) => !allowed.includes(member));
  if (unknown.length > 0) throw validationFailed(`${name} must be a comma-separated list of: ${allowed.join(', ')}`);
  return members.sort();
}

export interface FindingQuery {
  q?: unknown;
  status?: unknown;
  severity?: unknown;
  kind?: unknown;
  asset_id?: unknown;
  order?: unknown;
  limit?: unknown;
  cursor?: unknown;
}

/**
 * One page of the organization's findings. q matches an advisory identifier
 * (case-insensitive, whole or prefix) or part of a package name. The listing name
 * binds cursors, so a cursor of the asset listing is refused by the global one.
 */
export async function listFindingsPage(
  q: Queryable,
  codec: CursorCodec,
  orgId: OrgId,
  query: FindingQuery,
  listing: 'findings' | 'asset-findings',
  estimates: EstimateCache,
): Promise<PageEnvelope<FindingView>> {
  const request = parsePageRequest(query, { orders: orderNames, defaultOrder: 'severity' });
  const order = findingOrders[request.order];
  const filters = {
    q: typeof query.q === 'string' && query.q.trim() !== '' ? query.q.trim() : null,
    status: listFilter('status', query.status, findingStatuses),
    severity: listFilter('severity', query.severity, severities),
    kind: listFilter('kind', query.kind, observationKinds),
    asset_id: typeof query.asset_id === 'string' ? query.asset_id : null,
  };
  // $1 org, $2 q (identifier prefix pattern), $3 q (name substring pattern), $4 statuses, $5 kinds, $6 asset, and
  // the severities as severity_rank: $7 and $8 the lowest and highest asked, $9 every one asked when they leave gaps.
  // A range is what lets the severity indexes seek to the asked severities (a filter on severity walked them from
  // critical: a second for low, at a million), and a range alone keeps the planner's estimate, which the total uses, true.
  const where = `org_id = $1
    AND ($2::text IS NULL OR upper(identifier) LIKE $2 OR component_name ILIKE $3)
    AND ($4::text[] IS NULL OR status = ANY ($4::text[]))
    AND ($5::text[] IS NULL OR kind = ANY ($5::text[]))
    AND ($6::uuid IS NULL OR asset_id = $6::uuid)
    AND ($7::smallint IS NULL OR severity_rank BETWEEN $7::smallint AND $8::smallint)
    AND ($9::smallint[] IS NULL OR severity_rank = ANY ($9::smallint[]))`;
  const escaped = filters.q?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? null;
  const ranks = filters.severity?.map((severity) => severityRankOrder.indexOf(severity as Severity)).sort((a, b) => a - b) ?? [];
  const [lowest, highest] = ranks.length > 0 ? [ranks[0]!, ranks[ranks.length - 1]!] : [null, null];
  const leavesGaps = lowest !== null && highest! - lowest + 1 > ranks.length;
  const params = [
    orgId,
    escaped && `${escaped.toUpperCase()}%`,
    escaped && `%${escaped}%`,
    filters.status,
    filters.kind,
    filters.asset_id,
    lowest,
    highest,
    leavesGaps ? ranks : null,
  ];
  const read = () => readPage<FindingRow & KeysetRow, FindingView>({
    codec,
    orgId,
    listing,
    filters,
    request,
    order,
    fetchRowsWithTotal: (position, fetchLimit) => {
      const after = keysetAfter(order, position, params.length + 1);
      const ranges = keysetAfterAsRanges(order, position, params.length + 1);
      const limit = `$${params.length + after.params.length + 1}`;
      // The page's rows past the cursor, in order: one walk of the order's index, or, where the
      // order mixes directions, the two ranges each walked from its own start.
      const choose = (columns: string): string =>
        ranges === undefined
          ? `SELECT ${columns} FROM findings WHERE ${where} AND ${after.sql} ORDER BY ${order.orderBy} LIMIT ${limit}`
          : `SELECT * FROM ((SELECT ${columns} FROM findings WHERE ${where} AND ${ranges.sameLead} ORDER BY ${order.orderBy} LIMIT ${limit})
                            UNION ALL
                            (SELECT ${columns} FROM findings WHERE ${where} AND ${ranges.pastLead} ORDER BY ${order.orderBy} LIMIT ${limit})) AS candidates
              ORDER BY ${order.orderBy} LIMIT ${limit}`;
      return readWithBoundedTotal<FindingRow & KeysetRow>(
        q,
        {
          // The page's rows are chosen first and their positions written after: an order no index gives
          // sorts every matching row, and what the select list computes is computed for each of them.
          // A search chooses the page's ids alone and reads their rows after: the order's index carries
          // every filtered column (migration 102), so the walk past the many entries a search rejects
          // reads no row of the table. Without a search the rejected entries are few, and joining the
          // page's rows back would cost more than it saves.
          selectPage: (alsoSelect) =>
            filters.q === null
              ? `SELECT ${findingColumns}, ${order.positionColumn}${alsoSelect}
                   FROM (${choose(pageColumns[request.order])}) AS page
                  ORDER BY ${order.orderBy}`
              : `SELECT ${findingColumns}, ${order.positionColumn}${alsoSelect}
                   FROM (SELECT id FROM (${choose(keyColumns[request.order])}) AS chosen) AS page
                   JOIN findings USING (id)
                  WHERE findings.org_id = $1
                  ORDER BY ${order.orderBy}`,
          pageParams: [...params, ...after.params, fetchLimit],
          matchingRows: `SELECT 1 FROM findings WHERE ${where}`,
          matchingParams: params,
          firstPage: position === undefined,
        },
        { estimates, orgId, listing, filters },
      );
    },
    toItem: toFindingView,
  });
  return filters.q === null ? read() : actingAsSystem(searching, read);
}

const searching = systemScope('search-findings');

/** Counted exactly up to this many rows; past it, total is the planner's estimate. */
const EXACT_TOTAL_LIMIT = 10_000;

interface PageAndMatchingRows {
  /** The page query, with `alsoSelect` (empty, or `, <expression> AS <name>`) after its own columns. */
  selectPage(alsoSelect: string): string;
  pageParams: readonly unknown[];
  /** The organization's rows matching the filters, wherever the cursor is: what the total counts. */
  matchingRows: string;
  /** matchingRows' parameters: the first of pageParams. */
  matchingParams: readonly unknown[];
  /** No cursor: an empty page then means that nothing matches. */
  firstPage: boolean;
}

/** The cache and the key under which a listing's estimate is kept. */
interface KeptEstimate {
  estimates: EstimateCache;
  orgId: OrgId;
  listing: string;
  filters: unknown;
}

/**
 * A page and its advisory total without scanning a million rows per page, in one
 * round trip once the planner's estimate of the filtered set is kept (the first
 * request of a listing asks the planner first). A set the planner expects to be
 * large answers the estimate, flagged as such: an exact count of it would cost
 * more than the page itself. A set it expects to be small is counted exactly, up to
 * EXACT_TOTAL_LIMIT + 1 rows, by the page query itself. Only the estimate is kept;
 * the count runs at every request, so a small set's total changes at once.
 */
async function readWithBoundedTotal<Row>(q: Queryable, query: PageAndMatchingRows, kept: KeptEstimate): Promise<{ rows: Row[]; total: ListingTotal }> {
  const estimate = kept.estimates.get(kept.orgId, kept.listing, kept.filters) ?? (await keepPlannerEstimate(q, query, kept));
  // Counting a set the planner expects past the limit would only confirm it: 45 ms of a
  // search matching 20,000 findings, ten times the page's own cost.
  if (estimate > EXACT_TOTAL_LIMIT) return { rows: (await q.query<Row>(query.selectPage(''), query.pageParams, findingRowReads)).rows, total: { estimate } };

  // A column of every row, the same count each time: a subquery that names nothing of the
  // page's rows is planned once beside the page's own plan (an InitPlan) and run once.
  const boundedCount = `SELECT count(*)::integer AS matching_rows FROM (${query.matchingRows} LIMIT ${EXACT_TOTAL_LIMIT + 1}) AS bounded`;
  const found = await q.query<Row & { matching_rows: number }>(query.selectPage(`, (${boundedCount}) AS matching_rows`), query.pageParams, findingRowReads);
  // An empty page carries no count. On the first page that means nothing matches; after a
  // cursor only that the rows past it went meanwhile, so the set is counted alone.
  const counted = found.rows[0]?.matching_rows ?? (query.firstPage ? 0 : await countAlone(q, boundedCount, query.matchingParams));
  if (counted <= EXACT_TOTAL_LIMIT) return { rows: found.rows, total: counted };
  // The planner expected a small set and the count ran past the limit: the figure is kept
  // in place of the planner's, so the listing's next pages count no more.
  const corrected = Math.max(EXACT_TOTAL_LIMIT + 1, estimate);
  kept.estimates.set(kept.orgId, kept.listing, kept.filters, corrected);
  return { rows: found.rows, total: { estimate: corrected } };
}

/** The planner's estimate of the filtered set (an EXPLAIN round trip), kept for the listing's next requests. */
async function keepPlannerEstimate(q: Queryable, query: PageAndMatchingRows, kept: KeptEstimate): Promise<number> {
  const plan = await q.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) ${query.matchingRows}`, query.matchingParams);
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  kept.estimates.set(kept.orgId, kept.listing, kept.filters, estimate);
  return estimate;
}

/** The bounded count as a statement of its own. */
async function countAlone(q: Queryable, boundedCount: string, params: readonly unknown[]): Promise<number> {
  return (await q.query<{ matching_rows: number }>(boundedCount, params)).rows[0]?.matching_rows ?? 0;
}

/** The kinds of timeline entry (the check constraint of finding_events.type). */
type FindingEventType = 'created' | 'status_changed' | 'severity_changed' | 'vex_statement';

interface FindingEventRow {
  id: string;
  type: FindingEventType;
  from_status: FindingStatus | null;
  to_status: FindingStatus;
  severity: Severity | null;
  from_severity: Severity | null;
  scan_id: string | null;
  actor_kind: 'user' | 'api_key' | 'workload' | 'system';
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  actor_workload_id: string | null;
  suppressed_by: string | null;
  reason: string | null;
  suppressed_until: Date | null;
  source: FindingEventSource | null;
  cause: components['schemas']['ScanCause'] | null;
  occurred_at: Date;
}

const eventColumns =
  'id, type, from_status, to_status, severity, from_severity, scan_id, actor_kind, actor_user_id, actor_api_key_id, actor_workload_id, suppressed_by, reason, suppressed_until, source, cause, occurred_at';

function toEventView(row: FindingEventRow) {
  return {
    id: row.id,
    type: row.type,
    from_status: row.from_status,
    to_status: row.to_status,
    severity: row.severity,
    from_severity: row.from_severity,
    scan_id: row.scan_id,
    actor: { kind: row.actor_kind, id: row.actor_user_id ?? row.actor_api_key_id ?? row.actor_workload_id, source: row.source },
    requested_by: row.actor_user_id,
    suppressed_by: row.suppressed_by,
    reason: row.reason,
    suppressed_until: row.suppressed_until?.toISOString() ?? null,
    cause: row.cause,
    occurred_at: row.occurred_at.toISOString(),
  };
}

// The timeline's order is its insertion sequence: events of one transaction share a timestamp.
const eventOrder = defineKeysetOrder({ stable: true, keys: [{ column: 'seq', type: 'bigint', direction: 'desc' }] });

/** The newest events of a finding, for GET /findings/{id}. */
export async function latestFindingEvents(q: Queryable, orgId: OrgId, findingId: string, limit: number) {
  const found = await q.query<FindingEventRow>(
    `SELECT ${eventColumns} FROM finding_events WHERE org_id = $1 AND finding_id = $2 ORDER BY seq DESC LIMIT $3`,
    [orgId, findingId, limit],
  );
  return found.rows.map(toEventView);
}

/**
 * When the organization's last-written timeline entry was recorded, or null when it
 * has none: what the analytics store has to catch up to.
 */
export async function newestTimelineEntry(q: Queryable, orgId: OrgId): Promise<Date | null> {
  // The entry written last, by the (org_id, seq) index of migration 072: one more index on the
  // timeline, which every ingest writes, would cost each observation to save this read a few rows.
  const found = await q.query<{ occurred_at: Date }>('SELECT occurred_at FROM finding_events WHERE org_id = $1 ORDER BY seq DESC LIMIT 1', [orgId]);
  return found.rows[0]?.occurred_at ?? null;
}

export async function listFindingEventsPage(q: Queryable, codec: CursorCodec, orgId: OrgId, findingId: string, query: { limit?: unknown; cursor?: unknown }) {
  const request = parsePageRequest(query, { orders: ['newest'], defaultOrder: 'newest' });
  await getFindingRow(q, orgId, findingId);
  return readPage<FindingEventRow & KeysetRow, ReturnType<typeof toEventView>>({
    codec,
    orgId,
    listing: 'finding-events',
    filters: { finding_id: findingId },
    request,
    order: eventOrder,
    fetchRows: async (position, fetchLimit) => {
      const after = keysetAfter(eventOrder, position, 3);
      const found = await q.query<FindingEventRow & KeysetRow>(
        `SELECT ${eventColumns}, ${eventOrder.positionColumn} FROM finding_events
          WHERE org_id = $1 AND finding_id = $2 AND ${after.sql}
          ORDER BY ${eventOrder.orderBy} LIMIT $${3 + after.params.length}`,
        [orgId, findingId, ...after.params, fetchLimit],
      );
      return found.rows;
    },
    countAll: async () =>
      (await q.query<{ n: number }>('SELECT count(*)::integer AS n FROM finding_events WHERE org_id = $1 AND finding_id = $2', [orgId, findingId])).rows[0]?.n ?? 0,
    toItem: toEventView,
  });
}

/** A finding as a statement about it (a VEX document) needs it: what names it, and the decision in force. */
export interface FindingSubject {
  id: string;
  asset_id: string;
  identifier: string;
  /** detail.aliases: other advisories' ids for the same issue. */
  aliases: string[];
  status: FindingStatus;
  component_ecosystem: string | null;
  component_name: string | null;
  component_version: string | null;
  suppression_reason: string | null;
  suppressed_until: string | null;
  updated_at: string;
}

const subjectColumns = `id, asset_id, identifier,
  CASE WHEN jsonb_typeof(detail -> 'aliases') = 'array' THEN detail -> 'aliases' ELSE '[]'::jsonb END AS aliases,
  status, component_ecosystem, component_name, component_version, suppression_reason, suppressed_until, updated_at`;

/**
 * The vulnerability findings of the assets whose advisory, or one of its aliases, is
 * among `advisories` (upper-cased by the caller: advisory ids compare case-insensitively).
 * Each asset's findings are read through the (org_id, asset_id, ...) indexes.
 */
export async function findingsOfAdvisories(q: Queryable, orgId: OrgId, assetIds: readonly string[], advisories: readonly string[]): Promise<FindingSubject[]> {
  if (assetIds.length === 0 || advisories.length === 0) return [];
  const found = await q.query<FindingSubject>(
    `SELECT ${subjectColumns} FROM findings
      WHERE org_id = $1 AND asset_id = ANY ($2::uuid[]) AND kind = 'vulnerability'
        AND (upper(identifier) = ANY ($3::text[])
             OR (jsonb_typeof(detail -> 'aliases') = 'array'
                 AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(detail -> 'aliases') AS alias WHERE upper(alias) = ANY ($3::text[]))))
      ORDER BY id`,
    [orgId, assetIds, advisories],
    findingRowReads,
  );
  return found.rows;
}

/** The asset's vulnerability findings that are triaged or among `findingIds`, resolved ones left out: what an export of its decisions reads. */
export async function decidedFindingsOfAsset(q: Queryable, orgId: OrgId, assetId: string, findingIds: readonly string[]): Promise<FindingSubject[]> {
  const found = await q.query<FindingSubject>(
    `SELECT ${subjectColumns} FROM findings
      WHERE org_id = $1 AND asset_id = $2 AND kind = 'vulnerability' AND status <> 'resolved'
        AND (status = 'triaged' OR id = ANY ($3::uuid[]))
      ORDER BY identifier, component_name, component_version, id`,
    [orgId, assetId, findingIds],
    findingRowReads,
  );
  return found.rows;
}
