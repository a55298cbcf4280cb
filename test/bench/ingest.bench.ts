// Ingest: scanner results from the outbox to committed findings, with every
// processor and the relay of a full-profile deployment running (the API, the
// stream processors and the workers as separate processes), against the
// ceiling of PostgreSQL upserting the same rows on its own.
//
// Each run imports one report per asset through POST /api/v1/scans/import
// (concurrent clients; new images, so every observation is a new finding) while
// the benchmark holds the relay's leader lease, so the outbox fills and nothing
// is published. Releasing the lease starts the clock: the service's relay
// publishes, the findings processor applies, the scan-summary processor, the
// webhook dispatcher and the analytics sink consume their share, and the clock
// stops when the last scan is completed (its findings committed).
//
// The ceiling: the same rows, upserted by PostgreSQL with the processor's own
// conflict clause into a table with the findings table's columns, defaults,
// checks, indexes and foreign keys, in batches of the processor's largest batch,
// on as many connections as the processor uses. Its input is staged in an
// unlogged table first, so the ceiling pays no client work at all.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../services/platform/db/database.js';
import { FINDINGS_UPSERT_CONFLICT } from '../../services/findings/ingest.js';
import { readReportFixture } from '../../services/findings/reports/report-fixtures.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import { CPU_FACT, describeCpuUse, type CpuUse } from './cpu-meter.js';
import type { BenchResult } from './figures.js';
import { startFullProfile, type FullProfile, type Tenant } from './full-profile.js';

const RUNS = 2;
/** Requests in flight at once: a fleet's pipelines importing side by side. */
const IMPORT_CLIENTS = 8;
/** The findings processor's maxBatchSize and partitionsAtOnce (services/findings/processors/findings-processor.ts). */
const PROCESSOR_BATCH = 10_000;
const PROCESSOR_CONNECTIONS = 2;
const TARGET_RATIO = 0.6;

const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Trivy report is walked field by field
type Json = Record<string, any>;

/** A real Trivy report (alpine 3.10) with `count` vulnerabilities, each a distinct advisory in one of 250 packages. */
function trivyReport(image: string, count: number): Json {
  const report = structuredClone(readReportFixture('trivy/alpine-310.json')) as Json;
  const template = report.Results[0].Vulnerabilities[0] as Json;
  report.ArtifactName = image;
  report.Results = [report.Results[0]];
  report.Results[0].Vulnerabilities = Array.from({ length: count }, (_, index) => ({
    ...template,
    VulnerabilityID: `CVE-2024-${10_000 + index}`,
    PkgName: `libbench${index % 250}`,
    PkgID: `libbench${index % 250}@1.0.0-r0`,
    Severity: severities[index % severities.length],
    FixedVersion: index % 3 === 0 ? '' : '1.0.0-r1',
  }));
  return report;
}

/** Holds the relay's leader lease as a standby relay would see it held: the service's relay publishes nothing until it is released. */
async function holdRelay(db: Database): Promise<() => Promise<void>> {
  const holder = randomUUID();
  await db.query(
    `INSERT INTO outbox_relay_leader (singleton, holder, expires_at) VALUES (true, $1, now() + interval '1 hour')
     ON CONFLICT (singleton) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`,
    [holder],
  );
  return async () => void (await db.query('DELETE FROM outbox_relay_leader WHERE holder = $1', [holder]));
}

async function untilOutboxEmpty(db: Database): Promise<void> {
  for (;;) {
    const pending = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM outbox_events WHERE published_at IS NULL AND failed_at IS NULL');
    if (pending.rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until every scan of the run is completed; resolves with the seconds from
 * `started` to the moment the relay was seen to have published every outbox row up
 * to `lastImportedSeq` (the imports' scanner results: the domain events the
 * processors append meanwhile come after them) and to completion.
 */
async function untilCompleted(db: Database, scanIds: string[], lastImportedSeq: number, started: number): Promise<{ drained: number; completed: number }> {
  let drained: number | undefined;
  for (;;) {
    const states = await db.query<{ state: string; n: number }>('SELECT state, count(*)::integer AS n FROM scans WHERE id = ANY ($1::uuid[]) GROUP BY state', [scanIds]);
    const byState = new Map(states.rows.map((row) => [row.state, row.n]));
    const unfinished = [...byState].filter(([state]) => state !== 'completed' && state !== 'running');
    if (unfinished.length > 0) throw new Error(`scans ended ${unfinished.map(([state, n]) => `${n} ${state}`).join(', ')}`);
    if (drained === undefined) {
      const pending = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM outbox_events WHERE seq <= $1 AND published_at IS NULL AND failed_at IS NULL', [
        lastImportedSeq,
      ]);
      if (pending.rows[0]!.n === 0) drained = (performance.now() - started) / 1000;
    }
    if (byState.get('completed') === scanIds.length) {
      const completed = (performance.now() - started) / 1000;
      return { drained: drained ?? completed, completed };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Imported {
  scanIds: string[];
  assets: { orgId: string; assetId: string }[];
  seconds: number;
}

/** One import per asset of the run, through the API, from concurrent clients. */
async function importRound(profile: FullProfile, tenants: Tenant[], round: number): Promise<Imported> {
  const assetCount = benchSize.ingestAssets;
  const scanIds: string[] = [];
  const assets: Imported['assets'] = [];
  let next = 0;
  const client = async () => {
    for (let index = next++; index < assetCount; index = next++) {
      const tenant = tenants[index % tenants.length]!;
      const image = `registry.example.com/bench/run${round}-app${index}:1.0`;
      const response = await fetch(`${profile.base}/api/v1/scans/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ image, format: 'trivy', report: trivyReport(image, benchSize.ingestFindingsPerAsset) }),
      });
      const body = (await response.json()) as { id: string; asset_id: string };
      if (response.status !== 202) throw new Error(`import answered ${response.status}: ${JSON.stringify(body)}`);
      scanIds.push(body.id);
      assets.push({ orgId: tenant.orgId, assetId: body.asset_id });
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IMPORT_CLIENTS }, client));
  return { scanIds, assets, seconds: (performance.now() - started) / 1000 };
}

/** An empty table shaped like findings: columns, defaults, checks, indexes (unique and partial) and foreign keys. */
async function createCeilingTable(db: Database): Promise<void> {
  await db.query('CREATE TABLE bench_ceiling_findings (LIKE findings INCLUDING ALL)');
  const foreignKeys = await db.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = 'findings'::regclass AND contype = 'f'`,
  );
  if (foreignKeys.rows.length === 0) throw new Error('findings has no foreign key: the ceiling would be missing what it must have');
  for (const { name, definition } of foreignKeys.rows) await db.query(`ALTER TABLE bench_ceiling_findings ADD CONSTRAINT bench_${name} ${definition}`);
}

const COLUMNS = `org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability, component_ecosystem, component_name,
                 component_version, install_path, target, detail, status, first_seen_at, last_seen_at, last_seen_scan_id`;

/** Rows per second of PostgreSQL upserting the round's findings (staged beforehand) into the ceiling table. */
async function ceilingRound(db: Database, assets: Imported['assets']): Promise<number> {
  await db.query('DROP TABLE IF EXISTS bench_ceiling_input');
  await db.query(
    `CREATE UNLOGGED TABLE bench_ceiling_input AS
     SELECT (row_number() OVER (ORDER BY f.org_id, f.asset_id, f.fingerprint) - 1) / $3 AS batch, ${COLUMNS.replace(/(\w+)/g, 'f.$1')}
       FROM findings f JOIN unnest($1::uuid[], $2::uuid[]) AS a (org_id, asset_id) ON f.org_id = a.org_id AND f.asset_id = a.asset_id`,
    [assets.map((a) => a.orgId), assets.map((a) => a.assetId), PROCESSOR_BATCH],
  );
  await db.query('CREATE INDEX ON bench_ceiling_input (batch)');
  await db.query('ANALYZE bench_ceiling_input');
  const counted = await db.query<{ rows: number; batches: number }>('SELECT count(*)::integer AS rows, (max(batch) + 1)::integer AS batches FROM bench_ceiling_input');
  const { rows, batches } = counted.rows[0]!;
  await db.query('CHECKPOINT');
  let next = 0;
  const connection = async () => {
    for (let batch = next++; batch < batches; batch = next++) {
      await db.query(
        `INSERT INTO bench_ceiling_findings AS f (${COLUMNS})
         SELECT ${COLUMNS} FROM bench_ceiling_input WHERE batch = $1
         ${FINDINGS_UPSERT_CONFLICT}`,
        [batch],
      );
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: PROCESSOR_CONNECTIONS }, connection));
  const seconds = (performance.now() - started) / 1000;
  await db.query('DROP TABLE bench_ceiling_input');
  return rows / seconds;
}

export async function run(): Promise<BenchResult> {
  const profile = await startFullProfile('ingest');
  try {
    await profile.start('api');
    await profile.start('streams');
    await profile.start('workers');
    const tenants: Tenant[] = [];
    for (let i = 0; i < benchSize.ingestOrganizations; i++) tenants.push(await profile.signUp(['scans:create', 'scans:read']));
    const observations = benchSize.ingestAssets * benchSize.ingestFindingsPerAsset;

    const rounds: (Imported & { ingestSeconds: number; relaySeconds: number; cpu: CpuUse })[] = [];
    for (let round = 1; round <= RUNS; round++) {
      await untilOutboxEmpty(profile.db);
      const release = await holdRelay(profile.db);
      const imported = await importRound(profile, tenants, round);
      await profile.db.query('CHECKPOINT');
      const lastImportedSeq = (await profile.db.query<{ seq: number }>('SELECT max(seq) AS seq FROM outbox_events')).rows[0]!.seq;
      const meter = profile.meterCpu();
      const started = performance.now();
      await release();
      const { drained, completed } = await untilCompleted(profile.db, imported.scanIds, lastImportedSeq, started);
      rounds.push({ ...imported, ingestSeconds: completed, relaySeconds: drained, cpu: meter.stop() });
    }
    const stored = (await profile.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM findings')).rows[0]!.n;
    if (stored !== observations * RUNS) throw new Error(`expected ${observations * RUNS} findings, found ${stored}`);

    await createCeilingTable(profile.db);
    const ceilings: number[] = [];
    for (const round of rounds) ceilings.push(await ceilingRound(profile.db, round.assets));

    const ingestRates = rounds.map((round) => observations / round.ingestSeconds);
    return {
      figures: [
        { name: 'ingest, outbox to committed', unit: 'obs/s', better: 'higher', runs: ingestRates },
        { name: 'ceiling: PostgreSQL upsert alone', unit: 'rows/s', better: 'higher', runs: ceilings },
        { name: 'ingest / ceiling', unit: 'ratio', better: 'higher', runs: ingestRates.map((rate, i) => rate / ceilings[i]!), target: TARGET_RATIO },
        { name: 'relay: scanner results published', unit: 'obs/s', better: 'higher', runs: rounds.map((round) => observations / round.relaySeconds) },
        { name: 'API import (not in the ratio)', unit: 'obs/s', better: 'higher', runs: rounds.map((round) => observations / round.seconds) },
      ],
      facts: {
        'observations per run': observations,
        'organizations / assets per run': `${tenants.length} / ${benchSize.ingestAssets}`,
        'findings in the table before run 2': observations,
        'import clients': IMPORT_CLIENTS,
        'ceiling batch / connections': `${PROCESSOR_BATCH} / ${PROCESSOR_CONNECTIONS}`,
        [CPU_FACT]: describeCpuUse(rounds.map((round) => round.cpu)),
      },
      scaled: scaledSettings(['ingestOrganizations', 'ingestAssets', 'ingestFindingsPerAsset']),
    };
  } finally {
    await profile.close();
  }
}
