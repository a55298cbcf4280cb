import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../services/composition.js';
import { buildApp, type App } from '../services/platform/http/app.js';
import { createModules, handlersOf } from '../services/modules.js';
import { connectClickHouse } from '../services/platform/clickhouse/clickhouse-client.js';
import { chsql, identifier } from '../services/platform/clickhouse/clickhouse-sql.js';
import { parseConfig } from '../services/platform/config.js';
import { resolveServiceKeys } from '../services/platform/crypto/data-dir-keys.js';
import { createLogger } from '../services/platform/logger.js';
import { freshPostgres, type TestDatabase } from './support/databases.js';
import { apiClient } from './support/http-client.js';
import { freePort } from './support/processes.js';
import { testServices } from './support/services.js';

const until = async (condition: () => Promise<boolean>, deadlineMs = 20_000) => {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met before deadline');
    await new Promise((r) => setTimeout(r, 50));
  }
};

// The full profile against the real services. Redis gets a private instance so
// stopping it affects no other suite.
describe('GET /ready on the full profile', () => {
  let database: TestDatabase;
  let platform: Platform;
  let app: App;
  let redis: ChildProcess;
  let redisPort: number;
  const topicPrefix = `sentinel-ready-${randomBytes(4).toString('hex')}.`;
  const clickhouseDatabase = `sentinel_ready_${randomBytes(4).toString('hex')}`;
  const clickhouse = connectClickHouse({ url: testServices.clickhouseUrl });
  const startRedis = () => spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });

  beforeAll(async () => {
    redisPort = await freePort();
    redis = startRedis();
    database = await freshPostgres();
    const { config } = resolveServiceKeys(parseConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      KAFKA_BROKERS: testServices.kafkaBrokers.join(','),
      SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl,
      CLICKHOUSE_URL: testServices.clickhouseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      TOPIC_PREFIX: topicPrefix,
      CLICKHOUSE_DATABASE: clickhouseDatabase,
      // Configured, so nothing is generated into the checkout's DATA_DIR.
      TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
    }));
    platform = await createPlatform(config, createLogger('silent'));
    const modules = createModules(platform);
    app = await buildApp({ logger: platform.logger, handlers: handlersOf(modules.list), guard: async () => ({}) as never, limiterState: modules.limiterState, trustedProxies: [] });
    await platform.prepare(new AbortController().signal);
  });

  afterAll(async () => {
    await app.fastify.close();
    await platform.close();
    redis.kill('SIGKILL');
    await database.drop();
    const admin = new Kafka({ clientId: 'ready-test-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const ours = (await admin.listTopics()).filter((t) => t.startsWith(topicPrefix));
    if (ours.length) await admin.deleteTopics({ topics: ours });
    await admin.disconnect();
    await clickhouse.command(chsql`DROP DATABASE IF EXISTS ${identifier(clickhouseDatabase)}`);
    await clickhouse.close();
  });

  it('keeps analytics in the ClickHouse database CLICKHOUSE_DATABASE names', async () => {
    const tables = await clickhouse.rows<{ name: string }>(chsql`SELECT name FROM system.tables WHERE database = ${clickhouseDatabase}`);
    expect(tables.map((table) => table.name).sort()).toEqual(
      [
        'advisory_exposure',
        'advisory_exposure_shards',
        'domain_events',
        'finding_daily',
        'finding_transitions',
        'finding_transitions_by_advisory',
        'finding_transitions_by_day',
        'finding_transitions_by_first_seen',
        'forgotten_assets',
        'open_cohort_shards',
        'open_cohorts',
      ].sort(),
    );
  });

  it('is ready with every real dependency up, 503 while one is stopped, and ready again after it returns', async () => {
    const call = apiClient(app);
    await until(async () => (await call('GET', '/ready')).status === 200);
    const ready = await call('GET', '/ready');
    expect(ready.body).toEqual({ status: 'ready', dependencies: { database: 'up', stream_log: 'up', stream_processors: 'up', analytics: 'up', counters: 'up' } });
    expect(platform.streamLog.kind).toBe('kafka');
    expect(platform.analytics.kind).toBe('clickhouse');
    expect(platform.counters.kind).toBe('redis');

    redis.kill('SIGKILL');
    await until(async () => (await call('GET', '/ready')).status === 503);
    const unavailable = await call('GET', '/ready');
    expect(unavailable.body).toEqual({ status: 'unavailable', dependencies: { database: 'up', stream_log: 'up', stream_processors: 'up', analytics: 'up', counters: 'down' } });
    // Liveness checks nothing.
    expect((await call('GET', '/health')).status).toBe(200);

    redis = startRedis();
    await until(async () => (await call('GET', '/ready')).status === 200);
  });
});
