// The ingest benchmark's two ceilings: what PostgreSQL does with a round's rows when
// nothing but SQL stands between them and the tables, on as many connections as the
// findings processor uses (2) and in its largest batches (10,000 rows), from input
// staged beforehand in an unlogged table, so no client work is timed.
//
//  - the bare upsert (the physical floor): the round's findings upserted with the
//    processor's own conflict clause into an empty table shaped like findings (its
//    columns, defaults, checks, indexes and foreign keys). Only one of the writes an
//    observation needs.
//  - every write the pipeline must make, by hand, in the fewest statements: per batch
//    one statement that upserts the findings, appends their timeline entries, announces
//    them in the outbox (packed, one row per organization, as the pipeline does), writes
//    the scans' summary rows with the findings' ids, and counts the scans' new findings;
//    per round one statement creating the scans' summaries first and one at the end that
//    completes the scans, groups and indexes the frozen summaries and marks them frozen. It writes into the real tables, for new assets and
//    scans cloned from the round's, while the benchmark holds the relay's lease; its
//    outbox rows are deleted before the lease is released, so nothing is published.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../services/platform/db/database.js';
import type { CpuMeter, CpuUse } from './cpu-meter.js';
import { FINDINGS_UPSERT_CONFLICT } from '../../services/findings/ingest.js';

/** The findings processor's maxBatchSize and partitionsAtOnce (services/findings/processors/findings-processor.ts). */
export const PROCESSOR_BATCH = 10_000;
export const PROCESSOR_CONNECTIONS = 2;

const COLUMNS = `org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability, component_ecosystem, component_name,
                 component_version, install_path, target, detail, status, first_seen_at, last_seen_at, last_seen_scan_id`;

/** The round's assets: each (organization, asset) an import of the round wrote findings for. */
export type RoundAssets = readonly { orgId: string; assetId: string }[];

/** An empty table shaped like findings: columns, defaults, checks, indexes (unique and partial) and foreign keys. */
export async function createBareUpsertTable(db: Database): Promise<void> {
  await db.query('CREATE TABLE bench_ceiling_findings (LIKE findings INCLUDING ALL)');
  const foreignKeys = await db.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'findings'::regclass AND contype = 'f'`,
  );
  if (foreignKeys.rows.length === 0) throw new Error('findings has no foreign key: the ceiling would be missing what it must have');
  for (const { name, definition } of foreignKeys.rows) await db.query(`ALTER TABLE bench_ceiling_findings ADD CONSTRAINT bench_${name} ${definition}`);
}

/** Runs `statement(batch)` for every batch, PROCESSOR_CONNECTIONS at a time; answers the seconds it took. */
async function timeBatches(db: Database, batches: number, statement: (batch: number) => Promise<unknown>): Promise<number> {
  await db.query('CHECKPOINT');
  let next = 0;
  const connection = async () => {
    for (let batch = next++; batch < batches; batch = next++) await statement(batch);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: PROCESSOR_CONNECTIONS }, connection));
  return (performance.now() - started) / 1000;
}

/** Stages the round's findings (optionally moved to cloned assets and scans) numbered into batches; answers rows and batches. */
async function stage(db: Database, assets: RoundAssets, select: string, join = ''): Promise<{ rows: number; batches: number }> {
  await db.query('DROP TABLE IF EXISTS bench_ceiling_input');
  await db.query(
    `CREATE UNLOGGED TABLE bench_ceiling_input AS
     SELECT (row_number() OVER (ORDER BY f.org_id, f.asset_id, f.fingerprint) - 1) / $3 AS batch, ${select}
       FROM findings f JOIN unnest($1::uuid[], $2::uuid[]) AS a (org_id, asset_id) ON f.org_id = a.org_id AND f.asset_id = a.asset_id ${join}`,
    [assets.map((a) => a.orgId), assets.map((a) => a.assetId), PROCESSOR_BATCH],
  );
  await db.query('CREATE INDEX ON bench_ceiling_input (batch)');
  await db.query('ANALYZE bench_ceiling_input');
  const counted = await db.query<{ rows: number; batches: number }>('SELECT count(*)::integer AS rows, (max(batch) + 1)::integer AS batches FROM bench_ceiling_input');
  return counted.rows[0]!;
}

/** Rows per second of PostgreSQL upserting the round's findings into the bare table. */
export async function bareUpsertRound(db: Database, assets: RoundAssets): Promise<number> {
  const { rows, batches } = await stage(db, assets, COLUMNS.replace(/(\w+)/g, 'f.$1'));
  const seconds = await timeBatches(db, batches, (batch) =>
    db.query(`INSERT INTO bench_ceiling_findings AS f (${COLUMNS}) SELECT ${COLUMNS} FROM bench_ceiling_input WHERE batch = $1 ${FINDINGS_UPSERT_CONFLICT}`, [batch]),
  );
  await db.query('DROP TABLE bench_ceiling_input');
  return rows / seconds;
}

/**
 * Observations per second of every write the pipeline makes, by hand, for a clone of the round,
 * and where the cores went while they were made (to compare PostgreSQL's work per observation with the pipeline's).
 */
export async function pipelineWritesRound(db: Database, assets: RoundAssets, domainEventsTopic: string, meterCpu: () => CpuMeter): Promise<{ rate: number; cpu: CpuUse }> {
  await db.query('DROP TABLE IF EXISTS bench_ceiling_clones');
  await db.query(
    `CREATE UNLOGGED TABLE bench_ceiling_clones AS
     SELECT org_id, asset_id, gen_random_uuid() AS clone_asset, gen_random_uuid() AS clone_scan FROM unnest($1::uuid[], $2::uuid[]) AS a (org_id, asset_id)`,
    [assets.map((a) => a.orgId), assets.map((a) => a.assetId)],
  );
  await db.query(
    `INSERT INTO assets (id, org_id, reference, registry, repository, tag, pinned)
     SELECT clone_asset, org_id, 'registry.example.com/bench/ceiling-' || clone_asset || ':1', 'registry.example.com', 'bench/ceiling-' || clone_asset, '1', false
       FROM bench_ceiling_clones`,
  );
  await db.query(
    `INSERT INTO scans (id, org_id, asset_id, image, scanners, source, state, started_at)
     SELECT clone_scan, org_id, clone_asset, 'registry.example.com/bench/ceiling-' || clone_asset || ':1', '{trivy}', 'import', 'running', now()
       FROM bench_ceiling_clones`,
  );
  const { rows, batches } = await stage(
    db,
    assets,
    `f.org_id, c.clone_asset AS asset_id, c.clone_scan AS scan_id, f.fingerprint, f.kind, f.identifier, f.title, f.severity, f.fixability,
     f.component_ecosystem, f.component_name, f.component_version, f.install_path, f.target, f.detail`,
    'JOIN bench_ceiling_clones c ON c.org_id = f.org_id AND c.asset_id = f.asset_id',
  );
  const { rows: outboxBefore } = await db.query<{ seq: number }>('SELECT coalesce(max(seq), 0) AS seq FROM outbox_events');
  await db.query('CHECKPOINT');
  const meter = meterCpu();
  const summariesStarted = performance.now();
  await db.query('INSERT INTO scan_summaries (scan_id, org_id) SELECT clone_scan, org_id FROM bench_ceiling_clones');
  const summariesSeconds = (performance.now() - summariesStarted) / 1000;
  const seconds = await timeBatches(db, batches, (batch) =>
    db.query(
      `WITH input AS (SELECT * FROM bench_ceiling_input WHERE batch = $1),
       upserted AS (
         INSERT INTO findings AS f (${COLUMNS})
         SELECT org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability, component_ecosystem, component_name,
                component_version, install_path, target, detail, 'open', now(), now(), scan_id
           FROM input
         ${FINDINGS_UPSERT_CONFLICT}
         RETURNING f.id, f.org_id, f.asset_id, f.fingerprint, f.kind, f.identifier, f.severity, f.fixability, f.status, f.component_name,
                   f.detail, f.first_seen_at, f.last_seen_scan_id AS scan_id
       ),
       timeline AS (
         INSERT INTO finding_events (org_id, finding_id, type, to_status, scan_id, actor_kind, severity)
         SELECT org_id, id, 'created', 'open', scan_id, 'system', severity FROM upserted
         RETURNING org_id, finding_id, seq, occurred_at
       ),
       announced AS (
         INSERT INTO outbox_events (event_id, org_id, topic, value, packed, record_count)
         SELECT gen_random_uuid(), u.org_id, $2,
                json_agg(json_build_object('event_id', gen_random_uuid(), 'org_id', u.org_id, 'type', 'finding.created', 'occurred_at', t.occurred_at,
                                           'subject_id', u.id, 'actor', json_build_object('kind', 'system', 'id', NULL), 'correlation_id', NULL,
                                           'payload', json_build_object('finding_id', u.id, 'asset_id', u.asset_id, 'fingerprint', u.fingerprint, 'kind', u.kind,
                                                                        'identifier', u.identifier, 'severity', u.severity, 'sequence', t.seq,
                                                                        'first_seen_at', u.first_seen_at, 'scan_id', u.scan_id)::text)
                         ORDER BY u.fingerprint),
                true, count(*)
           FROM upserted u JOIN timeline t ON t.org_id = u.org_id AND t.finding_id = u.id
          GROUP BY u.org_id
       ),
       summarized AS (
         INSERT INTO scan_summary_findings (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name,
                                            finding_id, status, first_seen_age_days)
         SELECT org_id, scan_id, fingerprint, kind, severity, fixability, (detail ->> 'cvss_score')::float8, lower(identifier),
                ARRAY(SELECT lower(a) FROM jsonb_array_elements_text(coalesce(detail -> 'aliases', '[]')) AS a), component_name, id, status, 0
           FROM upserted
       )
       UPDATE scans s SET new_count = coalesce(s.new_count, 0) + c.created
         FROM (SELECT org_id, scan_id, count(*)::integer AS created FROM upserted GROUP BY org_id, scan_id) c
        WHERE s.org_id = c.org_id AND s.id = c.scan_id`,
      [batch, domainEventsTopic],
    ),
  ).then(async (batchSeconds) => {
    const started = performance.now();
    await db.query(
      `WITH completed AS (
         UPDATE scans s SET state = 'completed', completed_at = now(), completed_kinds = '{vulnerability}'
           FROM bench_ceiling_clones c WHERE s.org_id = c.org_id AND s.id = c.clone_scan
         RETURNING s.org_id, s.id
       ),
       grouped AS (
         INSERT INTO scan_summary_groups (org_id, scan_id, status, kind, severity, fixability, cvss_score, first_seen_age_days, findings)
         SELECT sf.org_id, sf.scan_id, sf.status, sf.kind, sf.severity, sf.fixability, sf.cvss_score, sf.first_seen_age_days, count(*)
           FROM scan_summary_findings sf JOIN completed c ON sf.org_id = c.org_id AND sf.scan_id = c.id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2
       ),
       aliased AS (
         INSERT INTO scan_summary_aliases (org_id, scan_id, alias, fingerprint)
         SELECT DISTINCT sf.org_id, sf.scan_id, a.alias, sf.fingerprint
           FROM scan_summary_findings sf JOIN completed c ON sf.org_id = c.org_id AND sf.scan_id = c.id, unnest(sf.aliases) AS a (alias)
       )
       UPDATE scan_summaries s SET frozen_at = clock_timestamp() FROM completed c WHERE s.org_id = c.org_id AND s.scan_id = c.id`,
    );
    return summariesSeconds + batchSeconds + (performance.now() - started) / 1000;
  });
  const cpu = meter.stop();
  await db.query('DELETE FROM outbox_events WHERE seq > $1 AND topic = $2', [outboxBefore[0]!.seq, domainEventsTopic]);
  await db.query('DROP TABLE bench_ceiling_input');
  await db.query('DROP TABLE bench_ceiling_clones');
  return { rate: rows / seconds, cpu };
}
