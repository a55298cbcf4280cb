// `sentinel analytics rebuild [--org <id>]`, spawned as an operator runs it, on
// both profiles (PostgreSQL with ClickHouse; the embedded data directory with the
// SQL store): two organizations' timelines rebuilt into an empty store, twice,
// with progress lines, each transition stored once; one organization alone with
// --org; an unknown or malformed --org is a clear error.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it } from 'vitest';
import { findingsProcessor } from '../services/findings/processors/findings-processor.js';
import { connectClickHouse } from '../services/platform/clickhouse/clickhouse-client.js';
import { chsql, identifier } from '../services/platform/clickhouse/clickhouse-sql.js';
import type { Database } from '../services/platform/db/database.js';
import { createLogger } from '../services/platform/logger.js';
import { freshPostgres, openEmbeddedDataDir } from './support/databases.js';
import { runSentinel, stopStragglers } from './support/processes.js';
import { completion, partitionRecords, runningScan, sighting, tenantWithAsset } from './support/scanner-results.js';
import { testServices } from './support/services.js';

/** A deployment as the command sees it: its environment, its database opened in this process, and its analytics store's raw rows. */
interface Deployment {
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Releases what open() opened (the embedded database's directory lock included), so the command can open it. */
  close(db: Database): Promise<void>;
  /** The ids of the organization's stored transitions, every stored row (ClickHouse's with FINAL), sorted. */
  storedIds(orgId: string): Promise<string[]>;
  dispose(): Promise<void>;
}

async function postgresAndClickHouse(): Promise<Deployment> {
  const database = await freshPostgres();
  const topicPrefix = `sentinel-cli-${randomBytes(4).toString('hex')}.`;
  const clickhouseDatabase = `sentinel_t_${randomBytes(6).toString('hex')}`;
  const clickhouse = connectClickHouse({ url: testServices.clickhouseUrl });
  return {
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: database.url!,
      KAFKA_BROKERS: testServices.kafkaBrokers.join(','),
      SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl,
      TOPIC_PREFIX: topicPrefix,
      CLICKHOUSE_URL: testServices.clickhouseUrl,
      CLICKHOUSE_DATABASE: clickhouseDatabase,
    },
    open: async () => database.db,
    close: async () => {},
    async storedIds(orgId) {
      const rows = await clickhouse.rows<{ id: string }>(
        chsql`SELECT id FROM ${identifier(clickhouseDatabase, 'finding_transitions')} FINAL WHERE org_id = ${orgId}`,
      );
      return rows.map((row) => row.id).sort();
    },
    async dispose() {
      await clickhouse.command(chsql`DROP DATABASE IF EXISTS ${identifier(clickhouseDatabase)}`);
      await clickhouse.close();
      await database.drop();
      const admin = new Kafka({ clientId: 'analytics-cli-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
      if (ours.length > 0) await admin.deleteTopics({ topics: ours });
      await admin.disconnect();
    },
  };
}

async function embedded(): Promise<Deployment> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-analytics-'));
  const open = async () => {
    const db = await openEmbeddedDataDir(dataDir);
    return db;
  };
  return {
    env: { NODE_ENV: 'test', DATA_DIR: dataDir },
    open,
    close: (db) => db.close(),
    async storedIds(orgId) {
      const db = await open();
      try {
        const found = await db.query<{ id: string }>('SELECT id::text AS id FROM analytics_finding_transitions WHERE org_id = $1', [orgId]);
        return found.rows.map((row) => row.id).sort();
      } finally {
        await db.close();
      }
    },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** An organization whose findings lived a little: created, then one resolved by a later scan. Answers its timeline entries' ids. */
async function organizationWithTimeline(db: Database): Promise<{ orgId: string; entryIds: string[] }> {
  const { orgId, assetId } = await tenantWithAsset(db);
  const processor = findingsProcessor({ db, logger: createLogger('silent') });
  const consumed = partitionRecords();
  const first = await runningScan(db, orgId, assetId);
  await processor.handle([sighting(orgId, assetId, first, 'a'), sighting(orgId, assetId, first, 'b'), completion(orgId, assetId, first)].map((v) => consumed(orgId, v)));
  const second = await runningScan(db, orgId, assetId);
  await processor.handle([sighting(orgId, assetId, second, 'a', 'critical'), completion(orgId, assetId, second)].map((v) => consumed(orgId, v)));
  const entries = await db.query<{ id: string }>('SELECT id::text AS id FROM finding_events WHERE org_id = $1', [orgId]);
  return { orgId, entryIds: entries.rows.map((row) => row.id).sort() };
}

const profiles = [
  { name: 'PostgreSQL and ClickHouse', deployment: postgresAndClickHouse },
  { name: 'embedded', deployment: embedded },
];

describe.each(profiles)('sentinel analytics rebuild on $name', ({ deployment: create }) => {
  let deployment: Deployment | undefined;
  afterAll(async () => {
    await stopStragglers();
    await deployment?.dispose();
  });

  it('rebuilds an empty store from the timelines of two organizations, twice, with progress, storing each transition once', async () => {
    deployment = await create();
    const db = await deployment.open();
    const a = await organizationWithTimeline(db);
    const b = await organizationWithTimeline(db);
    await deployment.close(db);
    // a: a and b created, b resolved, a's severity changed.
    expect(a.entryIds).toHaveLength(4);

    for (let run = 0; run < 2; run++) {
      const rebuilt = await runSentinel(['analytics', 'rebuild'], deployment.env);
      expect(rebuilt.code, rebuilt.stderr).toBe(0);
      expect(rebuilt.stdout).toMatch(/^rebuilt 8 finding transitions of 2 organizations in \d+\.\d s\n$/);
      for (const { orgId } of [a, b]) {
        expect(rebuilt.stderr).toMatch(new RegExp(`analytics rebuild: organization ${orgId}: 4/4 rows \\(100\\.0%\\), \\d+ rows/s, finished in \\d+\\.\\d s\\n`));
      }
      expect(await deployment.storedIds(a.orgId)).toEqual(a.entryIds);
      expect(await deployment.storedIds(b.orgId)).toEqual(b.entryIds);
    }

    const one = await runSentinel(['analytics', 'rebuild', '--org', b.orgId], deployment.env);
    expect([one.code, one.stdout], one.stderr).toEqual([0, expect.stringMatching(/^rebuilt 4 finding transitions of 1 organizations in/)]);
    expect(one.stderr).toContain(`organization ${b.orgId}: 4/4 rows`);
    expect(one.stderr).not.toContain(a.orgId);
  }, 300_000);

  it('refuses an unknown or malformed --org with a clear message, and a wrong command with its usage', async () => {
    deployment ??= await create();
    const unknown = randomUUID();
    const missing = await runSentinel(['analytics', 'rebuild', '--org', unknown], deployment.env);
    expect([missing.code, missing.stdout]).toEqual([1, '']);
    expect(missing.stderr).toContain(`analytics rebuild: no organization ${unknown}\n`);
    expect(missing.stderr).not.toMatch(/failed to start|at .*\.ts:/);

    const malformed = await runSentinel(['analytics', 'rebuild', '--org', 'acme'], deployment.env);
    expect([malformed.code, malformed.stderr]).toEqual([2, 'sentinel analytics rebuild: --org must be an organization id (a UUID), got "acme"\n']);
    const wrong = await runSentinel(['analytics', 'repair'], deployment.env);
    expect([wrong.code, wrong.stderr]).toEqual([2, "sentinel analytics: unknown command 'repair' (rebuild)\nRun 'sentinel analytics --help' for their usage.\n"]);
  }, 300_000);
});
