// The findings analytics queries over analytics_finding_transitions (migration
// 071, indexes 074), for the embedded profile and any deployment without
// ClickHouse. Plain SQL over the transitions themselves: the primary key on the
// transition id already keeps every one once, so nothing here guards against
// duplicates. Semantics: docs/decisions/analytics.md, "The stores (read side)".
import type { Queryable, OrgId } from '../../platform/db/database.js';
import { assertQueryableAssetIds, inBucketOrder, inSeverityOrder, sortedDistinct } from './finding-analytics-rows.js';
import { OPEN_STATUSES, type BucketedWindow, type FindingAnalyticsQueries, type FindingFilter } from './finding-transitions.js';

/** Bind parameters of one statement; add() answers the placeholder of a value. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The filter as conditions on columns of alias `t`; severity is the column the caller names (the change's severity, or the current one). */
function filterConditions(params: Params, filter: FindingFilter, severity = 't.severity'): string {
  let sql = '';
  if (filter.assetId !== undefined) sql += ` AND t.asset_id = ${params.add(filter.assetId)}`;
  if (filter.kinds?.length) sql += ` AND t.kind = ANY(${params.add(filter.kinds)}::text[])`;
  if (filter.severities?.length) sql += ` AND ${severity} = ANY(${params.add(filter.severities)}::text[])`;
  return sql;
}

const bucketStart = (params: Params, window: BucketedWindow, column: string): string =>
  `to_char(date_trunc(${params.add(window.bucket)}, ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

/**
 * Every transition's changes of the open count, one row per (transition, severity):
 * entering an open status counts +1 and leaving one -1 under the severity at the time;
 * a change of severity while open moves one from the old severity to the new.
 */
function openCountChanges(params: Params, orgId: OrgId, filter: FindingFilter): string {
  const open = `${params.add(OPEN_STATUSES)}::text[]`;
  const severityChangeWhileOpen = `t.from_severity IS NOT NULL AND t.from_status = t.to_status AND t.to_status = ANY(${open})`;
  return `
    SELECT t.occurred_at, d.severity, d.net
      FROM analytics_finding_transitions t
     CROSS JOIN LATERAL (VALUES
             (t.severity, CASE WHEN t.to_status = ANY(${open}) AND (t.from_status IS NULL OR NOT t.from_status = ANY(${open})) THEN 1
                               WHEN t.from_status = ANY(${open}) AND NOT t.to_status = ANY(${open}) THEN -1
                               WHEN ${severityChangeWhileOpen} THEN 1
                               ELSE 0 END),
             (t.from_severity, CASE WHEN ${severityChangeWhileOpen} THEN -1 ELSE 0 END)) AS d(severity, net)
     WHERE t.org_id = ${params.add(orgId)} AND d.net <> 0${filterConditions(params, filter, 'd.severity')}`;
}

/**
 * The latest transition of each finding (highest sequence) that leaves it open: the
 * findings open now, with the severity they have now. Narrowed by advisory when given.
 */
function currentOpenFindings(params: Params, orgId: OrgId, filter: FindingFilter, advisory?: string): string {
  const ofAdvisory = advisory === undefined ? '' : ` AND t.advisory = ${params.add(advisory)}`;
  return `
    SELECT * FROM (
      SELECT DISTINCT ON (t.finding_id) t.finding_id, t.asset_id, t.kind, t.severity, t.advisory, t.to_status, t.first_seen_at
        FROM analytics_finding_transitions t
       WHERE t.org_id = ${params.add(orgId)}${ofAdvisory}${filter.assetId === undefined ? '' : ` AND t.asset_id = ${params.add(filter.assetId)}`}
       ORDER BY t.finding_id, t.sequence DESC) t
     WHERE t.to_status = ANY(${params.add(OPEN_STATUSES)}::text[])${filterConditions(params, { ...filter, assetId: undefined })}`;
}

// A status change into `status`: a change of severity within it is not a second arrival.
const arrivalIn = (status: string): string => `t.to_status = '${status}' AND (t.from_status IS NULL OR t.from_status <> '${status}')`;

export function createSqlFindingAnalyticsQueries(db: Queryable): FindingAnalyticsQueries {
  return {
    async openFindingsChanges(orgId, filter, window) {
      assertQueryableAssetIds(filter);
      const before = new Params();
      const atStart = await db.query<{ severity: string; open: number }>(
        `SELECT c.severity, sum(c.net)::int AS open FROM (${openCountChanges(before, orgId, filter)}) c
          WHERE c.occurred_at < ${before.add(window.from.toISOString())} GROUP BY c.severity HAVING sum(c.net) <> 0`,
        before.values,
      );
      const within = new Params();
      const changes = await db.query<{ bucket: string; severity: string; net: number }>(
        `SELECT ${bucketStart(within, window, 'c.occurred_at')} AS bucket, c.severity, sum(c.net)::int AS net
           FROM (${openCountChanges(within, orgId, filter)}) c
          WHERE c.occurred_at >= ${within.add(window.from.toISOString())} AND c.occurred_at < ${within.add(window.to.toISOString())}
          GROUP BY 1, c.severity HAVING sum(c.net) <> 0`,
        within.values,
      );
      return { openAtStart: inSeverityOrder(atStart.rows), changes: inBucketOrder(changes.rows, (row) => row.bucket) };
    },

    async findingFlow(orgId, filter, window) {
      assertQueryableAssetIds(filter);
      const params = new Params();
      const { rows } = await db.query<{ bucket: string; severity: string; discovered: number; resolved: number; reopened: number }>(
        `SELECT * FROM (
           SELECT ${bucketStart(params, window, 't.occurred_at')} AS bucket, t.severity,
                  count(*) FILTER (WHERE t.from_status IS NULL)::int AS discovered,
                  count(*) FILTER (WHERE ${arrivalIn('resolved')})::int AS resolved,
                  count(*) FILTER (WHERE ${arrivalIn('reopened')})::int AS reopened
             FROM analytics_finding_transitions t
            WHERE t.org_id = ${params.add(orgId)} AND t.occurred_at >= ${params.add(window.from.toISOString())} AND t.occurred_at < ${params.add(window.to.toISOString())}${filterConditions(params, filter)}
            GROUP BY 1, t.severity) flow
          WHERE discovered + resolved + reopened > 0`,
        params.values,
      );
      return inBucketOrder(rows, (row) => row.bucket);
    },

    async remediation(orgId, filter, window) {
      assertQueryableAssetIds(filter);
      const params = new Params();
      const { rows } = await db.query<{ bucket: string; severity: string; resolved: number; totalSeconds: string }>(
        `SELECT ${bucketStart(params, window, 't.occurred_at')} AS bucket, t.severity, count(*)::int AS resolved,
                sum(extract(epoch FROM t.occurred_at - t.first_seen_at))::bigint::text AS "totalSeconds"
           FROM analytics_finding_transitions t
          WHERE t.org_id = ${params.add(orgId)} AND t.occurred_at >= ${params.add(window.from.toISOString())} AND t.occurred_at < ${params.add(window.to.toISOString())}
            AND ${arrivalIn('resolved')}${filterConditions(params, filter)}
          GROUP BY 1, t.severity`,
        params.values,
      );
      return inBucketOrder(
        rows.map((row) => ({ ...row, totalSeconds: Number(row.totalSeconds) })),
        (row) => row.bucket,
      );
    },

    async advisoryRanking(orgId, filter, page) {
      assertQueryableAssetIds(filter);
      const params = new Params();
      const current = currentOpenFindings(params, orgId, filter);
      const after =
        page.after === null
          ? ''
          : `HAVING count(DISTINCT t.asset_id) < ${params.add(page.after.assets)}
                 OR (count(DISTINCT t.asset_id) = ${params.add(page.after.assets)} AND t.advisory COLLATE "C" > ${params.add(page.after.advisory)})`;
      const { rows } = await db.query<{ advisory: string; assets: number; openFindings: number; severities: string[] }>(
        `SELECT t.advisory, count(DISTINCT t.asset_id)::int AS assets, count(*)::int AS "openFindings", array_agg(DISTINCT t.severity) AS severities
           FROM (${current}) t
          GROUP BY t.advisory ${after}
          ORDER BY assets DESC, t.advisory COLLATE "C"
          LIMIT ${params.add(page.limit)}`,
        params.values,
      );
      return rows.map((row) => ({ ...row, severities: sortedDistinct(row.severities) }));
    },

    async affectedAssets(orgId, advisory, filter, page) {
      assertQueryableAssetIds(filter, page.afterAssetId);
      const params = new Params();
      const current = currentOpenFindings(params, orgId, filter, advisory);
      const after = page.afterAssetId === null ? '' : `WHERE t.asset_id > ${params.add(page.afterAssetId)}`;
      const { rows } = await db.query<{ assetId: string; openFindings: number; severities: string[]; firstSeenAt: Date }>(
        `SELECT t.asset_id::text AS "assetId", count(*)::int AS "openFindings", array_agg(DISTINCT t.severity) AS severities,
                min(t.first_seen_at) AS "firstSeenAt"
           FROM (${current}) t ${after}
          GROUP BY t.asset_id
          ORDER BY t.asset_id
          LIMIT ${params.add(page.limit)}`,
        params.values,
      );
      return rows.map((row) => ({ ...row, severities: sortedDistinct(row.severities), firstSeenAt: new Date(row.firstSeenAt) }));
    },

    async openCohorts(orgId, filter) {
      assertQueryableAssetIds(filter);
      const params = new Params();
      const { rows } = await db.query<{ severity: string; firstSeenDay: string; open: number }>(
        `SELECT t.severity, to_char(t.first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "firstSeenDay", count(*)::int AS open
           FROM (${currentOpenFindings(params, orgId, filter)}) t
          GROUP BY 1, 2`,
        params.values,
      );
      return inBucketOrder(rows, (row) => row.firstSeenDay);
    },

    async appliedThrough(orgId) {
      const { rows } = await db.query<{ newest: Date | null }>('SELECT max(occurred_at) AS newest FROM analytics_finding_transitions WHERE org_id = $1', [orgId]);
      const newest = rows[0]?.newest ?? null;
      return newest === null ? null : new Date(newest);
    },
  };
}
