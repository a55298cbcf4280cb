// The findings pipeline behind a test app: outbox relay -> stream log -> findings
// processor, plus the scan worker when a test gives it scanners. The postgres
// profile runs on real Kafka with the real schema registry; the embedded profile
// on the embedded log in the same database. Nothing of ours is mocked.
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll } from 'vitest';
import type { OrgId } from '../../services/platform/db/database.js';
import type { Worker } from '../../services/platform/jobs.js';
import { createLogger, type Logger } from '../../services/platform/logger.js';
import { createRegistryLogins, registrySecretBox } from '../../services/registry-credentials/index.js';
import { createScanWorker } from '../../services/scans/workers/scan-worker.js';
import type { ImageReferenceOptions } from '../../services/scans/image-reference.js';
import type { ScannerAdapter } from '../../services/scans/scanners.js';
import { createEmbeddedStreamLog } from '../../streams/log/embedded-stream-log.js';
import { createKafkaStreamLog } from '../../streams/log/kafka-stream-log.js';
import type { StreamLog, Subscription } from '../../streams/log/stream-log.js';
import { createOutboxRelay, type OutboxRelay } from '../../streams/outbox-relay.js';
import { createSetAsideStore } from '../../streams/set-aside.js';
import { findingsProcessor } from '../../services/findings/processors/findings-processor.js';
import { scanSummaryProcessor } from '../../services/verdicts/processors/scan-summary-processor.js';
import { allTopics } from '../../streams/topics.js';
import { testServices } from './services.js';
import { readReportFixture } from '../../services/findings/testing/report-fixtures.js';
import type { Profile, TestApp, TestTenant } from './test-app.js';
import { systemScope } from '../../services/platform/tenancy.js';
import { registerWorker, type WorkerRegistry } from '../../services/platform/worker-registry.js';

export interface TestPipeline {
  log: StreamLog;
  /** Resolves once the scan reached a final state (completed, partial, failed). */
  scanSettled(orgId: OrgId, scanId: string, timeoutMs?: number): Promise<string>;
  /** Resolves once the scan's summary is frozen: a verdict can be recorded for it. */
  scanSummarized(orgId: OrgId, scanId: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface PipelineOptions {
  /** Where the log writes; silent unless given. */
  logger?: Logger;
  scanners?: Record<string, ScannerAdapter>;
  /** The reference rules the scan worker applies (loopback registries for tests of a real registry). */
  imageReferences?: ImageReferenceOptions;
  /** The log to run on: Kafka for the postgres profile unless a quick embedded log is enough (fixtures). */
  log?: 'kafka' | 'embedded';
}

export async function startPipeline(app: TestApp, profile: Profile, options: PipelineOptions = {}): Promise<TestPipeline> {
  const logger = options.logger ?? createLogger('silent');
  const setAside = createSetAsideStore({ db: app.db });
  const topicPrefix = `sentinel-test-${randomBytes(5).toString('hex')}.`;
  const onKafka = (options.log ?? (profile === 'postgres' ? 'kafka' : 'embedded')) === 'kafka';
  const log =
    onKafka
      ? createKafkaStreamLog({ brokers: testServices.kafkaBrokers, schemaRegistryUrl: testServices.schemaRegistryUrl, partitions: 4, topicPrefix, clientId: 'pipeline-test', logger, setAside })
      : createEmbeddedStreamLog({ db: app.db, partitions: 4, pollIntervalMs: 10, logger, setAside });
  await log.ensureTopics(allTopics);
  const relay: OutboxRelay = createOutboxRelay(systemScope('relay-outbox'), { db: app.db, log, logger, pollIntervalMs: 10 });
  relay.start();
  // A consumer group of its own, like the topics: test runs share the Kafka broker, and
  // one group spanning them all would rebalance whenever any pipeline starts or stops.
  const processors = [findingsProcessor({ db: app.db, logger }), scanSummaryProcessor({ db: app.db })];
  const subscriptions: Subscription[] = await Promise.all(processors.map((processor) => log.subscribe({ ...processor, group: `${topicPrefix}${processor.group}` })));
  const registration: WorkerRegistry | undefined = options.scanners ? await registerWorker({ db: app.db, logger, role: 'workers' }) : undefined;
  registration?.start();
  const worker: Worker | undefined =
    options.scanners && registration
      ? createScanWorker({
          db: app.db,
          logger,
          worker: registration,
          scanners: options.scanners,
          imageReferences: options.imageReferences,
          // The app's own credentials, sealed under its key: what the workers role wires in production.
          registryLogins: createRegistryLogins({ db: app.db, secretBox: registrySecretBox(app.webhookSecretKey), logger }),
          pollIntervalMs: 20,
        })
      : undefined;
  worker?.start();

  return {
    log,
    async scanSettled(orgId, scanId, timeoutMs = 60_000) {
      let state: string | undefined;
      return pollUntil(timeoutMs, async () => {
        const found = await app.db.query<{ state: string }>('SELECT state FROM scans WHERE org_id = $1 AND id = $2', [orgId, scanId]);
        state = found.rows[0]?.state;
        return state === 'completed' || state === 'partial' || state === 'failed' ? state : undefined;
      }, () => `scan ${scanId} still ${state ?? 'missing'} after ${timeoutMs} ms`);
    },
    async scanSummarized(orgId, scanId, timeoutMs = 60_000) {
      await pollUntil(timeoutMs, async () => {
        const found = await app.db.query('SELECT 1 FROM scan_summaries WHERE org_id = $1 AND scan_id = $2 AND frozen_at IS NOT NULL', [orgId, scanId]);
        return found.rows.length > 0 || undefined;
      }, () => `the summary of scan ${scanId} is still not frozen after ${timeoutMs} ms`);
    },
    async stop() {
      await worker?.stop();
      await registration?.stop();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await relay.stop();
      await log.close();
      if (onKafka) {
        const admin = new Kafka({ clientId: 'pipeline-test-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
        await admin.connect();
        const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
        if (ours.length > 0) await admin.deleteTopics({ topics: ours });
        await admin.disconnect();
      }
    },
  };
}

/** Checks every 20 ms until `check` answers something, failing with `failure()` after timeoutMs. */
async function pollUntil<T>(timeoutMs: number, check: () => Promise<T | undefined>, failure: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Imports a report as the tenant's owner and waits until its findings are recorded; for fixtures. */
export async function importedFindings(app: TestApp, tenant: TestTenant, fixture = 'trivy/alpine-310.json'): Promise<{ scanId: string; assetId: string; findingIds: string[] }> {
  const pipeline = await startPipeline(app, app.db.kind === 'postgres' ? 'postgres' : 'embedded', { log: 'embedded' });
  try {
    const image = `ghcr.io/fixture/app-${randomBytes(4).toString('hex')}:1`;
    const response = await app.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format: fixture.split('/')[0], report: readReportFixture(fixture) } });
    if (response.status !== 202) throw new Error(`import answered ${response.status}: ${response.raw}`);
    await pipeline.scanSettled(tenant.id, response.body.id);
    const found = await app.db.query<{ id: string }>('SELECT id FROM findings WHERE org_id = $1 AND asset_id = $2 ORDER BY id', [tenant.id, response.body.asset_id]);
    return { scanId: response.body.id, assetId: response.body.asset_id, findingIds: found.rows.map((row) => row.id) };
  } finally {
    await pipeline.stop();
  }
}

/** startPipeline in beforeAll (after the test app's) and stop in afterAll; read `.current` inside tests. */
export function usePipeline(app: { readonly current: TestApp }, profile: Profile, options: Pick<PipelineOptions, 'scanners' | 'logger'> = {}): { readonly current: TestPipeline } {
  const holder: { current?: TestPipeline } = {};
  beforeAll(async () => {
    holder.current = await startPipeline(app.current, profile, options);
  });
  afterAll(async () => {
    await holder.current?.stop();
  });
  return {
    get current(): TestPipeline {
      if (!holder.current) throw new Error('the pipeline is started in beforeAll; use it inside tests');
      return holder.current;
    },
  };
}
