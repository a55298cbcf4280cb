// /ready reports a stream processor whose partition has had records waiting,
// without a commit, for STREAM_STALLED_AFTER_MS: here a processor held back by a
// persistently retriable failure, on both profiles. Once the failure ends and the
// processor commits, the platform is ready again.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPlatform, type Platform } from '../services/composition.js';
import { buildApp } from '../services/platform/http/app.js';
import { createModules, handlersOf } from '../services/modules.js';
import { parseConfig } from '../services/platform/config.js';
import { resolveServiceKeys } from '../services/platform/crypto/data-dir-keys.js';
import { AppError } from '../services/platform/errors.js';
import { createLogger } from '../services/platform/logger.js';
import { topics } from '../streams/topics.js';
import { freshPostgres } from './support/databases.js';
import { apiClient } from './support/http-client.js';
import { testServices } from './support/services.js';

const STALLED_AFTER_MS = 1_000;

async function postgresAndKafka() {
  const database = await freshPostgres();
  const topicPrefix = `sentinel-stalled-${randomBytes(4).toString('hex')}.`;
  return {
    env: { DATABASE_URL: database.url!, KAFKA_BROKERS: testServices.kafkaBrokers.join(','), SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl, TOPIC_PREFIX: topicPrefix,
      // Configured, so nothing is generated into the checkout's DATA_DIR.
      TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex'),
    },
    async dispose() {
      await database.drop();
      const admin = new Kafka({ clientId: 'stalled-test-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
      if (ours.length > 0) await admin.deleteTopics({ topics: ours });
      await admin.disconnect();
    },
  };
}

async function embedded() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-stalled-'));
  return { env: { DATA_DIR: dataDir }, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}

describe.each([
  { name: 'postgres and Kafka', deployment: postgresAndKafka },
  { name: 'embedded', deployment: embedded },
])('GET /ready with a stalled stream processor on $name', ({ deployment: create }) => {
  let platform: Platform | undefined;
  let dispose = async (): Promise<void> => undefined;
  afterAll(async () => {
    await platform?.close();
    await dispose();
  });

  it('answers 503 naming stream_processors while a partition is held back, and 200 once it commits again', async () => {
    const deployment = await create();
    dispose = deployment.dispose;
    const { config } = resolveServiceKeys(parseConfig({ NODE_ENV: 'test', STREAM_STALLED_AFTER_MS: String(STALLED_AFTER_MS), ...deployment.env }));
    platform = await createPlatform(config, createLogger('silent'));
    const modules = createModules(platform);
    const app = await buildApp({ logger: platform.logger, handlers: handlersOf(modules.list), guard: async () => ({}) as never, limiterState: modules.limiterState, trustedProxies: [] });
    const call = apiClient(app);
    await platform.prepare(new AbortController().signal);
    const ready = await call('GET', '/ready');
    expect([ready.status, ready.body.dependencies.stream_processors]).toEqual([200, 'up']);

    let healthy = false;
    const handled: string[] = [];
    const subscription = await platform.streamLog.subscribe<{ event_id: string }>({
      group: `stalled-${randomBytes(4).toString('hex')}`,
      topic: topics.domainEvents,
      handle: async (batch) => {
        if (!healthy) throw new AppError('unavailable', 'a dependency is down');
        handled.push(...batch.map((record) => record.value.event_id));
      },
    });
    const orgId = randomUUID();
    const eventId = randomUUID();
    await platform.streamLog.publish(topics.domainEvents, [
      {
        key: orgId,
        value: { event_id: eventId, org_id: orgId, type: 'test.stalled', occurred_at: Date.now(), subject_id: null, actor: { kind: 'system', id: null }, correlation_id: null, payload: '{}' },
      },
    ]);

    await vi.waitFor(
      async () => {
        const stalled = await call('GET', '/ready');
        expect([stalled.status, stalled.body]).toEqual([503, { status: 'unavailable', dependencies: { database: 'up', stream_log: 'up', stream_processors: 'down', analytics: 'up' } }]);
      },
      { timeout: 60_000, interval: 100 },
    );

    healthy = true;
    await vi.waitFor(() => expect(handled).toEqual([eventId]), { timeout: 60_000, interval: 50 });
    // Ready once the batch is committed, a moment after its handler returned.
    await vi.waitFor(async () => expect((await call('GET', '/ready')).status).toBe(200), { timeout: 60_000, interval: 100 });
    await subscription.stop();
    await app.fastify.close();
  }, 180_000);
});
