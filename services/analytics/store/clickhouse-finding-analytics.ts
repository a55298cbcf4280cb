// Findings analytics in ClickHouse: the raw transitions, the rollups the
// organization-wide views read, and the seven queries. Written for ClickHouse
// 18.16 and current versions alike (no window functions, CTEs, DateTime64 or
// settings). Design and its guarantees: docs/decisions/analytics.md, "The stores
// the read side".
//
// A ReplacingMergeTree keeps a transition recorded twice (redelivery, or the
// rebuild beside the live feed) as two rows until a merge, which may never come.
// So no answer sums raw rows as they lie: the rollups are RECOMPUTED, never
// incremented, for every key a batch touches, from raw rows read once per id (or
// argMax per finding, which a duplicate cannot change) on a narrow key range,
// and each rollup row carries a version that makes the most complete
// recomputation win.
import type { OrgId } from '../../platform/db/database.js';
import type { ClickHouse } from '../../platform/clickhouse/clickhouse-client.js';
import { chsql, formatDateTime, identifier, type ClickHouseSql } from '../../platform/clickhouse/clickhouse-sql.js';
import { assertQueryableAssetIds, inBucketOrder, inSeverityOrder, sortedDistinct } from './finding-analytics-rows.js';
import { OPEN_STATUSES, type BucketedWindow, type FindingAnalytics, type FindingFilter, type FindingTransition } from './finding-transitions.js';

/**
 * The same transition, ordered for each narrow range a recomputation or view reads. Not
 * partitioned by month: a key range would then sit in a granule of every month's parts.
 * Small granules (1,024 rows): every read here is a short range.
 */
const RAW_ORDERINGS = {
  // Asset-narrowed views and forgetAsset (the table migration 071's peer created first).
  finding_transitions: chsql`(org_id, asset_id, id)`,
  // Recomputing the daily rollup of one (organization, day).
  finding_transitions_by_day: chsql`(org_id, toDate(occurred_at), id)`,
  // Recomputing one advisory's exposure in one shard of assets, and its affected assets.
  finding_transitions_by_advisory: chsql`(org_id, advisory_shard, finding_id, id)`,
  // Recomputing the open cohort of one (organization, day first seen) in one shard of findings.
  finding_transitions_by_first_seen: chsql`(org_id, cohort_shard, finding_id, id)`,
} as const;
type RawTable = keyof typeof RAW_ORDERINGS;
const RAW_TABLES = Object.keys(RAW_ORDERINGS) as RawTable[];

/**
 * A rollup version: the forgotten assets of the organization the recomputation saw, then
 * the live transitions it read. Both only grow (until the organization is forgotten), and
 * every recomputation reads them after its own insert: see docs/decisions/analytics.md. A key holds
 * fewer than 2^32 transitions, and versions stay exact JS integers up to 2^21 forgotten assets.
 */
const TOMBSTONE_WEIGHT = 2 ** 32;

type Row = Record<string, unknown>;

/**
 * Shards within the keys of the advisory and cohort rollups: the first hex digit of the asset
 * id (16 per advisory), the first two of the finding id (256 per day first seen). A batch
 * touches a few transitions of many advisories and days; recomputing only their shards reads
 * a few dozen raw rows each instead of whole advisories and days. A second, coarse row per
 * advisory and day is then recomputed from its shards' rows, and is what the views read.
 */
const assetShard = (assetId: string): string => assetId.slice(0, 1);
const findingShard = (findingId: string): string => findingId.slice(0, 2);
/**
 * The shard keys as one column each, first in the raw tables' order after the organization:
 * on 18.16 a set of 1,000 (advisory, shard) tuples took seconds to match against the primary
 * key, a set of 1,000 plain strings milliseconds. The advisory (or the fixed-length day) then
 * the shard's fixed number of digits, so the concatenation is unambiguous.
 */
const advisoryShardKey = ([advisory, shard]: KeyPair): string => advisory + shard;
const cohortShardKey = ([day, shard]: KeyPair): string => day + shard;
const SHARD_COLUMNS = chsql`
  advisory_shard String MATERIALIZED concat(advisory, substring(asset_id, 1, 1)),
  cohort_shard   String MATERIALIZED concat(toString(toDate(first_seen_at)), substring(finding_id, 1, 2))`;
/** Days as one constant array converted once: an array of 300 toDate() calls took seconds to analyse on 18.16. */
const datesIn = (days: readonly string[]): ClickHouseSql => chsql`SELECT toDate(arrayJoin(${[...days]}))`;

type KeyPair = [string, string];

/** Keys recomputed per statement when every key is: sets of 1,000 plain strings match in milliseconds on 18.16. */
const REFRESH_CHUNK = 1_000;
const chunksOf = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / REFRESH_CHUNK) }, (_, i) => items.slice(i * REFRESH_CHUNK, (i + 1) * REFRESH_CHUNK));
interface TouchedKeys {
  days: Set<string>;
  /** [advisory, asset shard] */
  advisoryShards: Map<string, KeyPair>;
  /** [day first seen, finding shard] */
  cohortShards: Map<string, KeyPair>;
}
const noKeys = (): TouchedKeys => ({ days: new Set(), advisoryShards: new Map(), cohortShards: new Map() });
const touch = (keys: Map<string, KeyPair>, pair: KeyPair): void => {
  keys.set(JSON.stringify(pair), pair);
};


interface StoredTransition {
  org_id: string;
  id: string;
  sequence: number;
  finding_id: string;
  asset_id: string;
  kind: string;
  severity: string;
  from_severity: string | null;
  advisory: string;
  from_status: string | null;
  to_status: string;
  occurred_at: string;
  first_seen_at: string;
}

const OPEN = [...OPEN_STATUSES];

// The changes of one transition, as SQL over its columns (see the SQL store for the same rules).
const toOpen = chsql`has(${OPEN}, to_status)`;
const fromOpen = chsql`has(${OPEN}, ifNull(from_status, ''))`;
const severityChangeWhileOpen = chsql`(isNotNull(from_severity) AND ifNull(from_status, '') = to_status AND ${toOpen})`;
const arrivalIn = (status: string): ClickHouseSql => chsql`(to_status = ${status} AND ifNull(from_status, '') != ${status})`;

/**
 * Each transition as two entries (severity, open-count change, discovered, resolved, reopened,
 * seconds to resolution, transitions): one under its severity, one taking a change of severity
 * while open away from the old severity. The second entry never counts as a transition.
 */
const entries = chsql`arrayJoin([
  (severity,
   toInt64(multiIf(${toOpen} AND NOT ${fromOpen}, 1, ${fromOpen} AND NOT ${toOpen}, -1, ${severityChangeWhileOpen}, 1, 0)),
   toUInt64(isNull(from_status)),
   toUInt64(${arrivalIn('resolved')}),
   toUInt64(${arrivalIn('reopened')}),
   toInt64(if(${arrivalIn('resolved')}, dateDiff('second', first_seen_at, occurred_at), 0)),
   toUInt64(1)),
  (ifNull(from_severity, ''), toInt64(if(${severityChangeWhileOpen}, -1, 0)), toUInt64(0), toUInt64(0), toUInt64(0), toInt64(0), toUInt64(0))
])`;

/**
 * Each finding's state now: its latest transition (highest sequence), with the transitions read
 * (duplicates cannot change argMax or uniqExact). Inner aliases differ from the columns, since a
 * ClickHouse alias would otherwise replace the column in the WHERE clause.
 */
const currentStates = (from: ClickHouseSql, where: ClickHouseSql): ClickHouseSql => chsql`
  SELECT finding_id, latest_asset_id AS asset_id, latest_kind AS kind, latest_advisory AS advisory, latest_severity AS severity,
         latest_status AS status, latest_first_seen_at AS first_seen_at, transitions
  FROM (SELECT finding_id, argMax(asset_id, sequence) AS latest_asset_id, argMax(kind, sequence) AS latest_kind,
               argMax(advisory, sequence) AS latest_advisory, argMax(severity, sequence) AS latest_severity,
               argMax(to_status, sequence) AS latest_status, argMax(first_seen_at, sequence) AS latest_first_seen_at, uniqExact(id) AS transitions
        FROM ${from} WHERE ${where} GROUP BY finding_id)`;

/**
 * Each transition of a key range once. FINAL would do the same, but on 18.16 it costs
 * ~0.4 s even on a range of 300 rows; LIMIT 1 BY id reads just the range.
 */
const eachOnce = (from: ClickHouseSql, where: ClickHouseSql): ClickHouseSql => chsql`SELECT * FROM ${from} WHERE ${where} LIMIT 1 BY id`;

/**
 * Each key's newest rollup row (the highest version), as FINAL folds them. FINAL costs a
 * merge of every part on each read (most of a view's time on 18.16); ordering the
 * organization's range by version and keeping the first row per key reads just that range.
 * Two rows of one key with the same version read the same transitions, so either will do.
 */
const newestRows = (from: ClickHouseSql, key: ClickHouseSql, where: ClickHouseSql, columns: ClickHouseSql = chsql`*`): ClickHouseSql =>
  chsql`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${key}, version DESC LIMIT 1 BY ${key}`;

/** A literal array of strings; an empty one typed, which has() needs. */
const strings = (values: readonly string[]): ClickHouseSql => (values.length > 0 ? chsql`${values}` : chsql`emptyArrayString()`);

const none = chsql``;
const kindAndSeverityFilter = (filter: FindingFilter): ClickHouseSql =>
  chsql`${filter.kinds?.length ? chsql` AND has(${filter.kinds}, kind)` : none}${filter.severities?.length ? chsql` AND has(${filter.severities}, severity)` : none}`;

const BUCKETS = { day: chsql`toDate(day)`, week: chsql`toMonday(day)`, month: chsql`toStartOfMonth(day)` } as const;
const dateOf = (date: Date): ClickHouseSql => chsql`toDate(${date})`;
const lower = (id: string): string => id.toLowerCase();

interface ClickHouseFindingAnalyticsOptions {
  clickhouse: ClickHouse;
  database: string;
}

type ClickHouseFindingAnalytics = FindingAnalytics & {
  ensureFindingSchema(): Promise<void>;
  forgetOrganization(orgId: OrgId): Promise<void>;
};

export function createClickHouseFindingAnalytics({ clickhouse, database }: ClickHouseFindingAnalyticsOptions): ClickHouseFindingAnalytics {
  const table = (name: string): ClickHouseSql => identifier(database, name);
  const daily = table('finding_daily');
  const exposure = table('advisory_exposure');
  const exposureShards = table('advisory_exposure_shards');
  const cohorts = table('open_cohorts');
  const cohortShards = table('open_cohort_shards');
  const forgotten = table('forgotten_assets');
  const byAsset = table('finding_transitions');

  const notForgotten = (org: string): ClickHouseSql => chsql`asset_id NOT IN (SELECT asset_id FROM ${forgotten} WHERE org_id = ${org})`;

  /** The per-day measures a time series reads: the daily rollup, or one asset's raw transitions (a short key range). */
  function dailyMeasures(org: string, filter: FindingFilter): ClickHouseSql {
    const source =
      filter.assetId === undefined
        ? chsql`
          SELECT day, kind, severity, open_net, discovered, resolved, reopened, resolved_seconds
          FROM (${newestRows(daily, chsql`day`, chsql`org_id = ${org}`)})
          ARRAY JOIN kinds AS kind, severities AS severity, open_nets AS open_net, discovered_counts AS discovered,
                     resolved_counts AS resolved, reopened_counts AS reopened, resolved_seconds_sums AS resolved_seconds`
        : chsql`
          SELECT toDate(occurred_at) AS day, kind, entry.1 AS severity, entry.2 AS open_net, entry.3 AS discovered,
                 entry.4 AS resolved, entry.5 AS reopened, entry.6 AS resolved_seconds
          FROM (SELECT occurred_at, kind, ${entries} AS entry
                FROM (${eachOnce(byAsset, chsql`org_id = ${org} AND asset_id = ${lower(filter.assetId)} AND ${notForgotten(org)}`)}))`;
    return chsql`SELECT * FROM (${source}) WHERE 1${kindAndSeverityFilter(filter)}`;
  }

  /** The open findings now, narrowed to one range of a raw table; kinds and severities (the current ones) filter them. */
  function currentOpen(org: string, from: RawTable, range: ClickHouseSql, filter: FindingFilter): ClickHouseSql {
    const ofAsset = filter.assetId === undefined ? none : chsql` AND asset_id = ${lower(filter.assetId)}`;
    return chsql`
      SELECT * FROM (${currentStates(table(from), chsql`org_id = ${org} AND ${range}${ofAsset} AND ${notForgotten(org)}`)})
      WHERE has(${OPEN}, status)${kindAndSeverityFilter(filter)}`;
  }

  const inWindow = (window: BucketedWindow): ClickHouseSql => chsql`day >= ${dateOf(window.from)} AND day < ${dateOf(window.to)}`;

  async function tombstonesOf(org: string): Promise<string[]> {
    const [row] = await clickhouse.rows<{ assets: string[] }>(chsql`SELECT groupUniqArray(asset_id) AS assets FROM ${forgotten} WHERE org_id = ${org}`);
    return row?.assets ?? [];
  }

  /** Rewrites the daily rollup rows of the given days from the raw transitions, each once. */
  async function recomputeDays(org: string, days: string[], dead: string[]): Promise<void> {
    const rows = await clickhouse.rows<{ day: string; transitions: string; newest: string } & Row>(chsql`
      SELECT toString(day) AS day, sum(day_transitions) AS transitions, max(newest) AS newest,
             groupArrayIf(kind, changed) AS kinds, groupArrayIf(severity, changed) AS severities, groupArrayIf(open_net, changed) AS open_nets,
             groupArrayIf(discovered, changed) AS discovered_counts, groupArrayIf(resolved, changed) AS resolved_counts,
             groupArrayIf(reopened, changed) AS reopened_counts, groupArrayIf(resolved_seconds, changed) AS resolved_seconds_sums
      FROM (
        SELECT day, kind, entry.1 AS severity, sum(entry.2) AS open_net, sum(entry.3) AS discovered, sum(entry.4) AS resolved,
               sum(entry.5) AS reopened, sum(entry.6) AS resolved_seconds, sum(entry.7) AS day_transitions, max(occurred_at) AS newest,
               open_net != 0 OR discovered != 0 OR resolved != 0 OR reopened != 0 AS changed
        FROM (SELECT toDate(occurred_at) AS day, kind, occurred_at, ${entries} AS entry
              FROM (${eachOnce(
                table('finding_transitions_by_day'),
                chsql`org_id = ${org} AND toDate(occurred_at) IN (${datesIn(days)}) AND NOT has(${strings(dead)}, asset_id)`,
              )}))
        GROUP BY day, kind, severity)
      GROUP BY day`);
    const empty = { transitions: 0, newest: formatDateTime(new Date(0)), kinds: [], severities: [], open_nets: [], discovered_counts: [], resolved_counts: [], reopened_counts: [], resolved_seconds_sums: [] };
    await clickhouse.insert(daily, rewritten(org, days, ['day'], rows, empty, dead));
  }

  /** Rewrites the exposure of the given (advisory, asset shard) keys: their assets grouped by the (kind, severity) pairs of their open findings. */
  async function recomputeAdvisoryShards(org: string, keys: KeyPair[], dead: string[]): Promise<void> {
    const advisories = [...new Set(keys.map(([advisory]) => advisory))];
    const rows = await clickhouse.rows<{ advisory: string; shard: string; transitions: string } & Row>(chsql`
      SELECT advisory, shard, sum(group_transitions) AS transitions, groupArrayIf(assets, length(pair_kinds) > 0) AS group_assets,
             groupArrayIf(pair_kinds, length(pair_kinds) > 0) AS group_kinds, groupArrayIf(pair_severities, length(pair_kinds) > 0) AS group_severities,
             groupArrayIf(pair_open, length(pair_kinds) > 0) AS group_open
      FROM (
        SELECT advisory, shard, pairs.1 AS pair_kinds, pairs.2 AS pair_severities, sum(asset_transitions) AS group_transitions, count() AS assets, sumForEach(pairs.3) AS pair_open
        FROM (
          SELECT advisory, asset_id, substring(asset_id, 1, 1) AS shard, sum(pair_transitions) AS asset_transitions,
                 arraySort(arrayFilter(pair -> pair.3 > 0, groupArray((kind, severity, open)))) AS sorted,
                 (arrayMap(pair -> pair.1, sorted), arrayMap(pair -> pair.2, sorted), arrayMap(pair -> pair.3, sorted)) AS pairs
          FROM (
            SELECT advisory, asset_id, kind, severity, countIf(has(${OPEN}, status)) AS open, sum(transitions) AS pair_transitions
            FROM (${currentStates(
              table('finding_transitions_by_advisory'),
              chsql`org_id = ${org} AND advisory_shard IN (SELECT arrayJoin(${keys.map(advisoryShardKey)})) AND NOT has(${strings(dead)}, asset_id)`,
            )})
            GROUP BY advisory, asset_id, kind, severity)
          GROUP BY advisory, asset_id)
        GROUP BY advisory, shard, pair_kinds, pair_severities)
      GROUP BY advisory, shard`);
    const empty = { transitions: 0, group_assets: [], group_kinds: [], group_severities: [], group_open: [] };
    await clickhouse.insert(exposureShards, rewritten(org, keys, ['advisory', 'shard'], rows, empty, dead));
    // The coarse rows: the shards' groups merged by signature; the version sums the shards' latest versions.
    await clickhouse.command(chsql`
      INSERT INTO ${exposure} (org_id, advisory, version, group_assets, group_kinds, group_severities, group_open)
      SELECT org_id, advisory, sum(signature_version), groupArrayIf(assets, length(kinds) > 0), groupArrayIf(kinds, length(kinds) > 0),
             groupArrayIf(severities, length(kinds) > 0), groupArrayIf(open, length(kinds) > 0)
      FROM (
        SELECT org_id, advisory, kinds, severities, sum(if(position <= 1, shard_version, 0)) AS signature_version, sum(shard_assets) AS assets, sumForEach(shard_open) AS open
        FROM (SELECT org_id, advisory, shard, max(version) AS shard_version, argMax(group_assets, version) AS latest_assets, argMax(group_kinds, version) AS latest_kinds,
                     argMax(group_severities, version) AS latest_severities, argMax(group_open, version) AS latest_open
              FROM ${exposureShards} WHERE org_id = ${org} AND advisory IN (SELECT arrayJoin(${advisories}))
              GROUP BY org_id, advisory, shard)
        LEFT ARRAY JOIN latest_assets AS shard_assets, latest_kinds AS kinds, latest_severities AS severities, latest_open AS shard_open, arrayEnumerate(latest_assets) AS position
        GROUP BY org_id, advisory, kinds, severities)
      GROUP BY org_id, advisory`);
  }

  /** Rewrites the open cohorts of the given (day first seen, finding shard) keys, then the days' coarse rows. */
  async function recomputeCohortShards(org: string, keys: KeyPair[], dead: string[]): Promise<void> {
    const days = [...new Set(keys.map(([day]) => day))];
    const rows = await clickhouse.rows<{ first_seen_day: string; shard: string; transitions: string } & Row>(chsql`
      SELECT toString(first_seen_day) AS first_seen_day, shard, sum(pair_transitions) AS transitions,
             groupArrayIf(kind, open > 0) AS kinds, groupArrayIf(severity, open > 0) AS severities, groupArrayIf(open, open > 0) AS open_counts
      FROM (
        SELECT toDate(first_seen_at) AS first_seen_day, substring(finding_id, 1, 2) AS shard, kind, severity,
               countIf(has(${OPEN}, status)) AS open, sum(transitions) AS pair_transitions
        FROM (${currentStates(
          table('finding_transitions_by_first_seen'),
          chsql`org_id = ${org} AND cohort_shard IN (SELECT arrayJoin(${keys.map(cohortShardKey)})) AND NOT has(${strings(dead)}, asset_id)`,
        )})
        GROUP BY first_seen_day, shard, kind, severity)
      GROUP BY first_seen_day, shard`);
    await clickhouse.insert(cohortShards, rewritten(org, keys, ['first_seen_day', 'shard'], rows, { transitions: 0, kinds: [], severities: [], open_counts: [] }, dead));
    await clickhouse.command(chsql`
      INSERT INTO ${cohorts} (org_id, first_seen_day, version, kinds, severities, open_counts)
      SELECT org_id, first_seen_day, sum(pair_version), groupArrayIf(kind, open > 0), groupArrayIf(severity, open > 0), groupArrayIf(open, open > 0)
      FROM (
        SELECT org_id, first_seen_day, kind, severity, sum(if(position <= 1, shard_version, 0)) AS pair_version, sum(shard_open) AS open
        FROM (SELECT org_id, first_seen_day, shard, max(version) AS shard_version, argMax(kinds, version) AS latest_kinds,
                     argMax(severities, version) AS latest_severities, argMax(open_counts, version) AS latest_open
              FROM ${cohortShards} WHERE org_id = ${org} AND first_seen_day IN (${datesIn(days)})
              GROUP BY org_id, first_seen_day, shard)
        LEFT ARRAY JOIN latest_kinds AS kind, latest_severities AS severity, latest_open AS shard_open, arrayEnumerate(latest_kinds) AS position
        GROUP BY org_id, first_seen_day, kind, severity)
      GROUP BY org_id, first_seen_day`);
  }

  /** Every touched key gets a row, an empty one when nothing live is left of it, so an older row cannot outlive its data. */
  function rewritten(org: string, keys: (string | KeyPair)[], keyColumns: string[], rows: ({ transitions: string } & Row)[], empty: Row, dead: string[]): Row[] {
    const keyOf = (values: unknown[]): string => JSON.stringify(values.map(String));
    const found = new Map(rows.map((row) => [keyOf(keyColumns.map((column) => row[column])), row]));
    return keys.map((key) => {
      const values = typeof key === 'string' ? [key] : key;
      const row: Row = found.get(keyOf(values)) ?? { ...empty, ...Object.fromEntries(keyColumns.map((column, i) => [column, values[i]])) };
      return { ...row, org_id: org, version: dead.length * TOMBSTONE_WEIGHT + Number(row.transitions) };
    });
  }

  async function recompute(org: string, touched: TouchedKeys): Promise<void> {
    const dead = await tombstonesOf(org);
    await Promise.all([
      touched.days.size > 0 ? recomputeDays(org, [...touched.days], dead) : undefined,
      touched.advisoryShards.size > 0 ? recomputeAdvisoryShards(org, [...touched.advisoryShards.values()], dead) : undefined,
      touched.cohortShards.size > 0 ? recomputeCohortShards(org, [...touched.cohortShards.values()], dead) : undefined,
    ]);
  }

  return {
    async ensureFindingSchema() {
      for (const name of RAW_TABLES) {
        await clickhouse.command(chsql`
          CREATE TABLE IF NOT EXISTS ${table(name)} (
            org_id        String,
            id            String,
            sequence      UInt64,
            finding_id    String,
            asset_id      String,
            kind          String,
            severity      String,
            from_severity Nullable(String),
            advisory      String,
            from_status   Nullable(String),
            to_status     String,
            occurred_at   DateTime('UTC'),
            first_seen_at DateTime('UTC'),
            ${SHARD_COLUMNS}
          )
          ENGINE = ReplacingMergeTree()
          ORDER BY ${RAW_ORDERINGS[name]}
          SETTINGS index_granularity = 1024`);
      }
      // One row per (organization, day): every (kind, severity) with a change that day, in parallel arrays.
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${daily} (
          org_id String, day Date, version UInt64, transitions UInt64, newest DateTime('UTC'),
          kinds Array(String), severities Array(String), open_nets Array(Int64), discovered_counts Array(UInt64),
          resolved_counts Array(UInt64), reopened_counts Array(UInt64), resolved_seconds_sums Array(Int64)
        ) ENGINE = ReplacingMergeTree(version) ORDER BY (org_id, day)`);
      // One row per (organization, advisory): its affected assets grouped by the set of (kind, severity)
      // pairs of their open findings, so distinct assets stay exact under any kind or severity filter.
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${exposure} (
          org_id String, advisory String, version UInt64,
          group_assets Array(UInt64), group_kinds Array(Array(String)), group_severities Array(Array(String)), group_open Array(Array(UInt64))
        ) ENGINE = ReplacingMergeTree(version) ORDER BY (org_id, advisory)`);
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${exposureShards} (
          org_id String, advisory String, shard String, version UInt64, transitions UInt64,
          group_assets Array(UInt64), group_kinds Array(Array(String)), group_severities Array(Array(String)), group_open Array(Array(UInt64))
        ) ENGINE = ReplacingMergeTree(version) ORDER BY (org_id, advisory, shard)`);
      // One row per (organization, day first seen): open findings per (kind, severity) now.
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${cohorts} (
          org_id String, first_seen_day Date, version UInt64, kinds Array(String), severities Array(String), open_counts Array(UInt64)
        ) ENGINE = ReplacingMergeTree(version) ORDER BY (org_id, first_seen_day)`);
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${cohortShards} (
          org_id String, first_seen_day Date, shard String, version UInt64, transitions UInt64,
          kinds Array(String), severities Array(String), open_counts Array(UInt64)
        ) ENGINE = ReplacingMergeTree(version) ORDER BY (org_id, first_seen_day, shard)`);
      // Assets forgotten, excluded from every read and recomputation at once; the mutations erasing their rows apply later.
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${forgotten} (org_id String, asset_id String) ENGINE = ReplacingMergeTree() ORDER BY (org_id, asset_id)`);
    },

    async recordTransitions(transitions, options = { rollups: 'now' }) {
      if (transitions.length === 0) return;
      const rows = transitions.map(stored);
      await Promise.all(RAW_TABLES.map((name) => clickhouse.insert(table(name), rows)));
      if (options.rollups === 'deferred') return;
      // Recomputed after the inserts have been acknowledged: the recomputation sees this batch.
      const touched = new Map<string, TouchedKeys>();
      for (const row of rows) {
        const keys = touched.get(row.org_id) ?? noKeys();
        keys.days.add(row.occurred_at.slice(0, 10));
        touch(keys.advisoryShards, [row.advisory, assetShard(row.asset_id)]);
        touch(keys.cohortShards, [row.first_seen_at.slice(0, 10), findingShard(row.finding_id)]);
        touched.set(row.org_id, keys);
      }
      for (const [org, keys] of touched) await recompute(org, keys);
    },

    async refreshRollups(orgId) {
      const org = lower(orgId);
      // Every key the organization's transitions touch, read from the table ordered by it.
      const [days, advisoryShards, cohortShards] = await Promise.all([
        clickhouse.rows<{ key: string }>(chsql`SELECT DISTINCT toString(toDate(occurred_at)) AS key FROM ${table('finding_transitions_by_day')} WHERE org_id = ${org}`),
        clickhouse.rows<{ advisory: string; shard: string }>(
          chsql`SELECT DISTINCT advisory, substring(asset_id, 1, 1) AS shard FROM ${table('finding_transitions_by_advisory')} WHERE org_id = ${org}`,
        ),
        clickhouse.rows<{ day: string; shard: string }>(
          chsql`SELECT DISTINCT toString(toDate(first_seen_at)) AS day, substring(finding_id, 1, 2) AS shard FROM ${table('finding_transitions_by_first_seen')} WHERE org_id = ${org}`,
        ),
      ]);
      for (const chunk of chunksOf(days.map((row) => row.key))) await recompute(org, { ...noKeys(), days: new Set(chunk) });
      for (const chunk of chunksOf(advisoryShards.map((row): KeyPair => [row.advisory, row.shard]))) {
        await recompute(org, { ...noKeys(), advisoryShards: new Map(chunk.map((pair) => [advisoryShardKey(pair), pair])) });
      }
      for (const chunk of chunksOf(cohortShards.map((row): KeyPair => [row.day, row.shard]))) {
        await recompute(org, { ...noKeys(), cohortShards: new Map(chunk.map((pair) => [cohortShardKey(pair), pair])) });
      }
    },

    async forgetAsset(orgId, assetId) {
      const org = lower(orgId);
      const asset = lower(assetId);
      await clickhouse.insert(forgotten, [{ org_id: org, asset_id: asset }]);
      const [held] = await clickhouse.rows<{ days: string[]; advisoryShards: KeyPair[]; cohortShards: KeyPair[] }>(chsql`
        SELECT groupUniqArray(toString(toDate(occurred_at))) AS days, groupUniqArray((advisory, substring(asset_id, 1, 1))) AS advisoryShards,
               groupUniqArray((toString(toDate(first_seen_at)), substring(finding_id, 1, 2))) AS cohortShards
        FROM ${byAsset} WHERE org_id = ${org} AND asset_id = ${asset}`);
      if (held !== undefined) {
        const keys = noKeys();
        held.days.forEach((day) => keys.days.add(day));
        held.advisoryShards.forEach((pair) => touch(keys.advisoryShards, pair));
        held.cohortShards.forEach((pair) => touch(keys.cohortShards, pair));
        await recompute(org, keys);
      }
      // Mutations (ClickHouse has no row DELETE): the tombstone already hides the rows until they apply.
      for (const name of RAW_TABLES) await clickhouse.command(chsql`ALTER TABLE ${table(name)} DELETE WHERE org_id = ${org} AND asset_id = ${asset}`);
    },

    async forgetOrganization(orgId) {
      for (const name of [...RAW_TABLES.map(table), daily, exposure, exposureShards, cohorts, cohortShards, forgotten]) {
        await clickhouse.command(chsql`ALTER TABLE ${name} DELETE WHERE org_id = ${lower(orgId)}`);
      }
    },

    async openFindingsChanges(orgId, filter, window) {
      assertQueryableAssetIds(filter);
      // One pass over the measures: what came before the window sums into the open count at its
      // start (bucket ''), what falls in it into its buckets.
      const rows = await clickhouse.rows<{ bucket: string; severity: string; net: string }>(chsql`
        SELECT if(day < ${dateOf(window.from)}, '', toString(${BUCKETS[window.bucket]})) AS bucket, severity, sum(open_net) AS net
        FROM (${dailyMeasures(lower(orgId), filter)})
        WHERE day < ${dateOf(window.to)} GROUP BY bucket, severity HAVING net != 0`);
      const before = rows.filter((row) => row.bucket === '');
      const within = rows.filter((row) => row.bucket !== '');
      return {
        openAtStart: inSeverityOrder(before.map((row) => ({ severity: row.severity, open: Number(row.net) }))),
        changes: inBucketOrder(
          within.map((row) => ({ bucket: row.bucket, severity: row.severity, net: Number(row.net) })),
          (row) => row.bucket,
        ),
      };
    },

    async findingFlow(orgId, filter, window) {
      assertQueryableAssetIds(filter);
      const rows = await clickhouse.rows<{ bucket: string; severity: string; discovered: string; resolved: string; reopened: string }>(chsql`
        SELECT toString(${BUCKETS[window.bucket]}) AS bucket, severity, sum(discovered) AS discovered, sum(resolved) AS resolved, sum(reopened) AS reopened
        FROM (${dailyMeasures(lower(orgId), filter)})
        WHERE ${inWindow(window)} GROUP BY bucket, severity HAVING discovered + resolved + reopened > 0`);
      return inBucketOrder(
        rows.map((row) => ({ bucket: row.bucket, severity: row.severity, discovered: Number(row.discovered), resolved: Number(row.resolved), reopened: Number(row.reopened) })),
        (row) => row.bucket,
      );
    },

    async remediation(orgId, filter, window) {
      assertQueryableAssetIds(filter);
      const rows = await clickhouse.rows<{ bucket: string; severity: string; resolved: string; totalSeconds: string }>(chsql`
        SELECT toString(${BUCKETS[window.bucket]}) AS bucket, severity, sum(resolved) AS resolved, sum(resolved_seconds) AS totalSeconds
        FROM (${dailyMeasures(lower(orgId), filter)})
        WHERE ${inWindow(window)} GROUP BY bucket, severity HAVING resolved > 0`);
      return inBucketOrder(
        rows.map((row) => ({ bucket: row.bucket, severity: row.severity, resolved: Number(row.resolved), totalSeconds: Number(row.totalSeconds) })),
        (row) => row.bucket,
      );
    },

    async advisoryRanking(orgId, filter, page) {
      assertQueryableAssetIds(filter);
      const org = lower(orgId);
      const after =
        page.after === null ? none : chsql` AND (assets < ${page.after.assets} OR (assets = ${page.after.assets} AND advisory > ${page.after.advisory}))`;
      if (filter.assetId !== undefined) {
        const rows = await clickhouse.rows<{ advisory: string; assets: string; openFindings: string; severities: string[] }>(chsql`
          SELECT * FROM (
            SELECT advisory, uniqExact(asset_id) AS assets, count() AS openFindings, groupUniqArray(severity) AS severities
            FROM (${currentOpen(org, 'finding_transitions', chsql`1`, filter)})
            GROUP BY advisory)
          WHERE assets > 0${after} ORDER BY assets DESC, advisory LIMIT ${page.limit}`);
        return rows.map((row) => ({ advisory: row.advisory, assets: Number(row.assets), openFindings: Number(row.openFindings), severities: sortedDistinct(row.severities) }));
      }
      // Organization-wide, from the exposure rollup, in two steps: rank every advisory by its
      // assets (a group counts when one of its (kind, severity) pairs passes the filter), then
      // open findings and severities for the page alone, which cost most of a one-step query.
      const passes = kindAndSeverityFilter(filter);
      const filtered = (filter.kinds?.length ?? 0) > 0 || (filter.severities?.length ?? 0) > 0;
      const counted = !filtered ? chsql`group_asset_count` : chsql`if(arrayExists((kind, severity) -> 1${passes}, kinds, severities), group_asset_count, 0)`;
      const ranked = await clickhouse.rows<{ advisory: string; assets: string }>(chsql`
        SELECT advisory, sum(${counted}) AS assets
        FROM (${newestRows(exposure, chsql`advisory`, chsql`org_id = ${org}`, chsql`advisory, version, group_assets, group_kinds, group_severities`)})
        ARRAY JOIN group_assets AS group_asset_count, group_kinds AS kinds, group_severities AS severities
        GROUP BY advisory HAVING assets > 0${after} ORDER BY assets DESC, advisory LIMIT ${page.limit}`);
      if (ranked.length === 0) return [];
      const details = await clickhouse.rows<{ advisory: string; openFindings: string; severities: string[] }>(chsql`
        SELECT advisory, sum(arraySum(arrayMap((matches, open) -> if(matches, open, 0), matching, open_counts))) AS openFindings,
               groupUniqArrayArray(arrayFilter((severity, matches) -> matches, severities, matching)) AS severities
        FROM (SELECT advisory, severities, open_counts, arrayMap((kind, severity) -> 1${passes}, kinds, severities) AS matching
              FROM (${newestRows(exposure, chsql`advisory`, chsql`org_id = ${org} AND advisory IN (SELECT arrayJoin(${ranked.map((row) => row.advisory)}))`)})
              ARRAY JOIN group_kinds AS kinds, group_severities AS severities, group_open AS open_counts)
        GROUP BY advisory`);
      const detailOf = new Map(details.map((row) => [row.advisory, row]));
      return ranked.map((row) => ({
        advisory: row.advisory,
        assets: Number(row.assets),
        openFindings: Number(detailOf.get(row.advisory)?.openFindings ?? 0),
        severities: sortedDistinct(detailOf.get(row.advisory)?.severities ?? []),
      }));
    },

    async affectedAssets(orgId, advisory, filter, page) {
      assertQueryableAssetIds(filter, page.afterAssetId);
      const org = lower(orgId);
      const after = page.afterAssetId === null ? none : chsql` WHERE asset_id > ${lower(page.afterAssetId)}`;
      const rows = await clickhouse.rows<{ assetId: string; openFindings: string; severities: string[]; firstSeenAt: string }>(chsql`
        SELECT asset_id AS assetId, count() AS openFindings, groupUniqArray(severity) AS severities, toString(min(first_seen_at)) AS firstSeenAt
        FROM (${currentOpen(org, 'finding_transitions_by_advisory', chsql`advisory_shard IN (SELECT arrayJoin(${[...'0123456789abcdef'].map((shard) => advisory + shard)})) AND advisory = ${advisory}`, filter)})${after}
        GROUP BY asset_id ORDER BY asset_id LIMIT ${page.limit}`);
      return rows.map((row) => ({
        assetId: row.assetId,
        openFindings: Number(row.openFindings),
        severities: sortedDistinct(row.severities),
        firstSeenAt: new Date(`${row.firstSeenAt.replace(' ', 'T')}Z`),
      }));
    },

    async openCohorts(orgId, filter) {
      assertQueryableAssetIds(filter);
      const org = lower(orgId);
      const rows = await clickhouse.rows<{ severity: string; firstSeenDay: string; open: string }>(
        filter.assetId === undefined
          ? chsql`
            SELECT severity, toString(first_seen_day) AS firstSeenDay, sum(open) AS open
            FROM (SELECT first_seen_day, kind, severity, open FROM (${newestRows(cohorts, chsql`first_seen_day`, chsql`org_id = ${org}`)})
                  ARRAY JOIN kinds AS kind, severities AS severity, open_counts AS open)
            WHERE 1${kindAndSeverityFilter(filter)}
            GROUP BY first_seen_day, severity`
          : chsql`
            SELECT severity, toString(toDate(first_seen_at)) AS firstSeenDay, count() AS open
            FROM (${currentOpen(org, 'finding_transitions', chsql`1`, filter)})
            GROUP BY firstSeenDay, severity`,
      );
      return inBucketOrder(
        rows.map((row) => ({ severity: row.severity, firstSeenDay: row.firstSeenDay, open: Number(row.open) })),
        (row) => row.firstSeenDay,
      );
    },

    async appliedThrough(orgId) {
      const [row] = await clickhouse.rows<{ newest: string; live: string }>(chsql`
        SELECT toString(max(newest)) AS newest, sum(transitions) AS live FROM (${newestRows(daily, chsql`day`, chsql`org_id = ${lower(orgId)}`)}) WHERE transitions > 0`);
      return row === undefined || Number(row.live) === 0 ? null : new Date(`${row.newest.replace(' ', 'T')}Z`);
    },
  };
}

// Ids are stored as text; lower case makes them compare like PostgreSQL's uuid type.
const stored = (t: FindingTransition): StoredTransition => ({
  org_id: lower(t.orgId),
  id: lower(t.id),
  sequence: t.sequence,
  finding_id: lower(t.findingId),
  asset_id: lower(t.assetId),
  kind: t.kind,
  severity: t.severity,
  from_severity: t.fromSeverity,
  advisory: t.advisory,
  from_status: t.fromStatus,
  to_status: t.toStatus,
  occurred_at: formatDateTime(t.occurredAt),
  first_seen_at: formatDateTime(t.firstSeenAt),
});
