// The findings pipeline on this machine, end to end on real Kafka (with the schema
// registry) and PostgreSQL:
//   - ingest: 1,000,000 observations across 100 organizations and 10,000 assets,
//     timed from the first publish to the last scan's findings committed; the
//     scanners publish from a thread of their own (findings-scanner.ts);
//   - a full rescan of the same (every finding seen again, nothing new);
//   - the ceiling: PostgreSQL's own batched upsert of the same rows into an empty
//     copy of the findings table; the ratio ingest / ceiling has a target of 0.5;
//   - GET /findings latency (p50, p99) with 1,000,000 findings in one tenant
//     (target p99 under 25 ms).
// BENCH_OBSERVATIONS_PER_ASSET (default 100) scales the ingest down for a quick run.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Kafka, logLevel } from 'kafkajs';
import type { Database } from '../../services/platform/db/database.js';
import { migrate } from '../../services/platform/db/migrate.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { createLogger } from '../../services/platform/logger.js';
import { createKafkaStreamLog } from '../../services/platform/streams/log/kafka-stream-log.js';
import { createSetAsideStore } from '../../services/platform/streams/set-aside.js';
import { findingsProcessor } from '../../services/findings/processors/findings-processor.js';
import { allTopics } from '../../services/platform/streams/topics.js';
import { runAsAdmin } from '../support/postgres-admin.js';
import { benchApp } from './bench-app.js';
import { observation, startScanner, type ScanRound } from './findings-scanner.js';
import { databaseUrl, testServices } from '../support/services.js';

const ORGANIZATIONS = 100;
const ASSETS_PER_ORGANIZATION = 100;
const OBSERVATIONS_PER_ASSET = Number(process.env.BENCH_OBSERVATIONS_PER_ASSET ?? 100);
const TENANT_FINDINGS = 1_000_000;
const RAW_BATCH = 5_000;
const LATENCY_REQUESTS = 300;

const logger = createLogger('silent');


interface Fleet {
  orgIds: string[];
  /** asset id -> its organization */
  assets: { id: string; orgId: string }[];
}

async function createFleet(db: Database): Promise<Fleet> {
  const orgs = await db.query<{ id: string }>(
    `INSERT INTO organizations (name) SELECT 'bench ' || n FROM generate_series(1, $1) AS n RETURNING id`,
    [ORGANIZATIONS],
  );
  const orgIds = orgs.rows.map((r) => r.id);
  const assets = await db.query<{ id: string; org_id: string }>(
    `INSERT INTO assets (org_id, reference, registry, repository, tag, pinned)
     SELECT o.id, 'registry.example.com/bench/app-' || n || ':1', 'registry.example.com', 'bench/app-' || n, '1', false
       FROM unnest($1::uuid[]) AS o (id), generate_series(1, $2) AS n
     RETURNING id, org_id`,
    [orgIds, ASSETS_PER_ORGANIZATION],
  );
  return { orgIds, assets: assets.rows.map((r) => ({ id: r.id, orgId: r.org_id })) };
}

/** One running scan per asset, as the scan worker or an import leaves them. */
async function startScans(db: Database, fleet: Fleet): Promise<Map<string, string>> {
  const scans = await db.query<{ id: string; asset_id: string }>(
    `INSERT INTO scans (org_id, asset_id, image, scanners, source, state, started_at)
     SELECT a.org_id, a.id, a.reference, '{trivy}', 'scan', 'running', clock_timestamp() FROM assets a WHERE a.id = ANY ($1::uuid[])
     RETURNING id, asset_id`,
    [fleet.assets.map((a) => a.id)],
  );
  return new Map(scans.rows.map((r) => [r.asset_id, r.id]));
}

async function untilCompleted(db: Database, scanIds: string[]): Promise<void> {
  for (;;) {
    const done = await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM scans WHERE id = ANY ($1::uuid[]) AND state = 'completed'", [scanIds]);
    if (done.rows[0]!.n === scanIds.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a timed phase from a clean checkpoint: otherwise the checkpoint the previous
 * phase's writes triggered lands in this one, or not, and the figures swing by a fifth.
 */
async function settle(db: Database): Promise<void> {
  await db.query('CHECKPOINT');
}

/** Seconds from the scanners' first publish to the last scan's findings committed. */
async function timedRound(db: Database, kafka: ScanRound['kafka'], fleet: Fleet, severityShift: number): Promise<number> {
  const scans = await startScans(db, fleet);
  await settle(db);
  const scanner = await startScanner({
    kafka,
    scans: fleet.assets.map((asset) => ({ orgId: asset.orgId, assetId: asset.id, scanId: scans.get(asset.id)! })),
    observationsPerAsset: OBSERVATIONS_PER_ASSET,
    severityShift,
  });
  const started = performance.now();
  await Promise.all([scanner.publish(), untilCompleted(db, [...scans.values()])]);
  return (performance.now() - started) / 1000;
}

/** PostgreSQL's own batched upsert of the same rows into an empty copy of findings: the ceiling. */
async function rawUpsertSeconds(db: Database, fleet: Fleet): Promise<number> {
  await db.query('CREATE TABLE bench_raw_findings (LIKE findings INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING GENERATED)');
  const scanId = randomUUID();
  await settle(db);
  const started = performance.now();
  let rows: ReturnType<typeof observation>[] = [];
  const flush = async () => {
    await db.query(
      `INSERT INTO bench_raw_findings AS f (org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability,
                                           component_ecosystem, component_name, component_version, install_path, target, detail,
                                           status, first_seen_at, last_seen_at, last_seen_scan_id)
       SELECT i.org_id, i.asset_id, i.fingerprint, 'vulnerability', i.identifier, i.title, i.severity, i.fixability,
              'debian', i.component_name, '1.0.0-1', NULL, NULL, i.detail::jsonb, 'open', now(), now(), $1
         FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
           AS i (org_id, asset_id, fingerprint, identifier, title, severity, fixability, component_name, detail)
       ON CONFLICT (org_id, asset_id, fingerprint) DO UPDATE SET severity = excluded.severity, last_seen_at = excluded.last_seen_at`,
      [
        scanId,
        rows.map((r) => r.org_id),
        rows.map((r) => r.asset_id),
        rows.map((r) => r.fingerprint),
        rows.map((r) => r.identifier),
        rows.map((r) => r.title),
        rows.map((r) => r.severity),
        rows.map((r) => r.fixability),
        rows.map((r) => r.component_name),
        rows.map((r) => r.detail_json),
      ],
    );
    rows = [];
  };
  for (const asset of fleet.assets) {
    for (let i = 0; i < OBSERVATIONS_PER_ASSET; i++) rows.push(observation(asset.orgId, asset.id, scanId, i, 0));
    if (rows.length >= RAW_BATCH) await flush();
  }
  await flush();
  return (performance.now() - started) / 1000;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** GET /findings through the whole HTTP app (guard, validation, handler, response) with 1M findings in the tenant. */
async function listingLatency(db: Database): Promise<Record<string, number>> {
  const { app, token, orgId } = await benchApp(db);
  const asset = await db.query<{ id: string }>(
    `INSERT INTO assets (org_id, reference, registry, repository, tag, pinned) VALUES ($1, 'registry.example.com/bench/big:1', 'registry.example.com', 'bench/big', '1', false) RETURNING id`,
    [orgId],
  );
  await db.query(
    `INSERT INTO findings (org_id, asset_id, fingerprint, kind, identifier, title, severity, fixability, status, component_ecosystem, component_name,
                           component_version, detail, first_seen_at, last_seen_at, last_seen_scan_id)
     SELECT $1, $2, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability', 'CVE-2024-' || n, 'Bench ' || n,
            (ARRAY['critical','high','medium','low','unknown'])[1 + n % 5], 'fixable',
            (ARRAY['open','open','triaged','resolved'])[1 + n % 4], 'debian', 'libbench' || (n % 500), '1.0', '{"fixed_version":"1.1"}',
            now() - make_interval(secs => n), now() - make_interval(secs => n % 86400), $3
       FROM generate_series(1, $4) AS n`,
    [orgId, asset.rows[0]!.id, randomUUID(), TENANT_FINDINGS],
  );
  await db.query('ANALYZE findings');

  const measure = async (url: () => string) => {
    const timings: number[] = [];
    for (let i = 0; i < LATENCY_REQUESTS; i++) {
      const started = performance.now();
      const response = await app.fastify.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
      timings.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`GET ${url()} answered ${response.statusCode}: ${response.body}`);
    }
    timings.sort((a, b) => a - b);
    return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
  };
  const firstPage = (query: string) => (app.fastify.inject({ method: 'GET', url: `/api/v1/findings${query}`, headers: { authorization: `Bearer ${token}` } }));
  const nextCursor = ((await firstPage('?limit=50')).json() as { next_cursor: string }).next_cursor;
  const bySeverity = await measure(() => '/api/v1/findings');
  const secondPage = await measure(() => `/api/v1/findings?cursor=${encodeURIComponent(nextCursor)}`);
  const recent = await measure(() => '/api/v1/findings?order=recent');
  const filtered = await measure(() => '/api/v1/findings?status=open&severity=critical,high');
  await app.fastify.close();
  return {
    'GET /findings (severity, first page) p50 ms': bySeverity.p50,
    'GET /findings (severity, first page) p99 ms': bySeverity.p99,
    'GET /findings (severity, next page) p99 ms': secondPage.p99,
    'GET /findings (recent) p99 ms': recent.p99,
    'GET /findings (status+severity filter) p99 ms': filtered.p99,
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const name = `sentinel_bench_findings_${process.pid}`;
  await runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await runAsAdmin(`CREATE DATABASE ${name}`);
  const db = createPostgresDatabase({ connectionString: databaseUrl(name), maxConnections: 10 });
  const topicPrefix = `sentinel-bench-${randomBytes(4).toString('hex')}.`;
  const kafka = { brokers: testServices.kafkaBrokers, schemaRegistryUrl: testServices.schemaRegistryUrl, partitions: 8, topicPrefix };
  const log = createKafkaStreamLog({ ...kafka, clientId: 'bench', logger, setAside: createSetAsideStore({ db }) });
  try {
    await migrate(db);
    await log.ensureTopics(allTopics);
    const fleet = await createFleet(db);
    const observations = fleet.assets.length * OBSERVATIONS_PER_ASSET;
    const subscription = await log.subscribe(findingsProcessor({ db, logger }));

    const ingestSeconds = await timedRound(db, kafka, fleet, 0);
    const rescanSeconds = await timedRound(db, kafka, fleet, 1);
    await subscription.stop();
    const stored = (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM findings')).rows[0]!.n;
    if (stored !== observations) throw new Error(`expected ${observations} findings, found ${stored}`);
    const resolved = (await db.query<{ n: number }>("SELECT count(*)::integer AS n FROM findings WHERE status <> 'open'")).rows[0]!.n;
    if (resolved !== 0) throw new Error(`the rescan changed the status of ${resolved} findings`);
    const rawSeconds = await rawUpsertSeconds(db, fleet);

    const ingestRate = observations / ingestSeconds;
    const rescanRate = observations / rescanSeconds;
    const rawRate = observations / rawSeconds;
    return {
      observations,
      'organizations / assets': `${ORGANIZATIONS} / ${fleet.assets.length}`,
      'ingest, publish to committed (obs/s)': Math.round(ingestRate),
      'full rescan, publish to committed (obs/s)': Math.round(rescanRate),
      'PostgreSQL batched upsert alone (rows/s)': Math.round(rawRate),
      'ingest / raw upsert (target >= 0.5)': ingestRate / rawRate,
      'rescan / raw upsert': rescanRate / rawRate,
      ...(await listingLatency(db)),
    };
  } finally {
    await log.close();
    await db.close();
    await runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const kafkaAdmin = new Kafka({ clientId: 'bench-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await kafkaAdmin.connect();
    const ours = (await kafkaAdmin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
    if (ours.length > 0) await kafkaAdmin.deleteTopics({ topics: ours });
    await kafkaAdmin.disconnect();
  }
}
