// Webhook dispatch and delivery throughput on this machine: domain events fanned
// out to 1, 10 and 100 endpoints of one organization, then delivered over HTTPS
// (TLS verified, keep-alive) to a local receiver running on its own thread.
// Target: at least 1,000 deliveries per second per process.
//
//   node --import tsx test/bench/webhooks.bench.ts     (or npm run bench webhooks)
//
// Uses the test PostgreSQL (TEST_POSTGRES_URL) in a scratch database, dropped
// afterwards; BENCH_DATABASE=embedded runs it on PGlite instead.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database } from '../../services/platform/db/database.js';
import { createEmbeddedDatabase } from '../../services/platform/db/embedded.js';
import { migrate } from '../../services/platform/db/migrate.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { createLogger } from '../../services/platform/logger.js';
import { registerWorker } from '../../services/platform/worker-registry.js';
import { createDeliveryWorker } from '../../services/webhooks/delivery-worker.js';
import { createWebhookEndpoints } from '../../services/webhooks/endpoints.js';
import { createHttpsSender } from '../../services/webhooks/https-sender.js';
import { createTestCertificates, type TestCertificates } from '../../services/webhooks/testing/certificates.js';
import { createManager, createOrganization, domainEvent, testSecretBox } from '../../services/webhooks/testing/fixtures.js';
import { webhookDispatcher } from '../../services/webhooks/processors/webhook-dispatcher.js';
import type { ConsumedRecord } from '../../services/platform/streams/log/stream-log.js';
import type { DomainEvent } from '../../services/platform/streams/outbox.js';
import { runAsAdmin } from '../support/postgres-admin.js';
import { databaseUrl } from '../support/services.js';

const ENDPOINT_COUNTS = [1, 10, 100] as const;
const DELIVERIES_PER_SCENARIO = 6_000;
/** What the stream log hands the dispatcher at most per call (its default maxBatchSize). */
const DISPATCH_BATCH = 500;

interface BenchDatabase {
  db: Database;
  name: string;
  drop(): Promise<void>;
}

async function scratchDatabase(): Promise<BenchDatabase> {
  if (process.env.BENCH_DATABASE === 'embedded') {
    const db = await createEmbeddedDatabase(undefined);
    await migrate(db);
    return { db, name: 'embedded (PGlite)', drop: () => db.close() };
  }
  const name = `sentinel_bench_webhooks_${process.pid}`;
  await runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await runAsAdmin(`CREATE DATABASE ${name}`);
  const db = createPostgresDatabase({ connectionString: databaseUrl(name), maxConnections: 10 });
  await migrate(db);
  return {
    db,
    name: 'postgres',
    async drop() {
      await db.close();
      await runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

// The receiver runs on its own thread, so its TLS and HTTP work does not share
// the event loop being measured. It answers 204 as soon as the body is read.
const receiverSource = `
const https = require('node:https');
const { parentPort, workerData } = require('node:worker_threads');
const server = https.createServer({ key: workerData.key, cert: workerData.cert, keepAliveTimeout: 30000 }, (request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
`;

async function startReceiverThread(certificates: TestCertificates): Promise<{ port: number; stop(): Promise<void> }> {
  const thread = new Worker(receiverSource, { eval: true, workerData: { key: certificates.serverKeyPem, cert: certificates.serverCertPem } });
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => thread.once('exit', resolve));
      thread.postMessage('stop');
      await exited;
    },
  };
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);

export async function run(): Promise<Record<string, number | string>> {
  const certificates = createTestCertificates();
  const receiver = await startReceiverThread(certificates);
  const database = await scratchDatabase();
  const { db } = database;
  const secretBox = testSecretBox();
  const endpoints = createWebhookEndpoints({ db, secretBox, destinationPolicy: { allowPrivate: true } });
  const dispatcher = webhookDispatcher({ db });
  const sender = createHttpsSender({ policy: { allowPrivate: true }, trustedCaPem: certificates.caPem });
  const figures: Record<string, number | string> = { database: database.name, deliveries_per_scenario: DELIVERIES_PER_SCENARIO };
  const registration = await registerWorker({ db, logger: createLogger('warn'), role: 'workers' });
  registration.start();

  try {
    for (const endpointCount of ENDPOINT_COUNTS) {
      const org = await createOrganization(db, `bench ${endpointCount}`);
      const manager = await createManager(db);
      for (let i = 0; i < endpointCount; i++) {
        await endpoints.create(org, manager, { url: `https://127.0.0.1:${receiver.port}/hooks/${i}`, events: ['scan.completed'] });
      }
      const events = Array.from({ length: DELIVERIES_PER_SCENARIO / endpointCount }, () => domainEvent(org, 'scan.completed', { scan_id: randomUUID(), findings: 12 }));
      const records = events.map((value, offset): ConsumedRecord<DomainEvent> => ({ topic: 'domain-events', partition: 0, offset: String(offset), key: org, value, headers: {} }));

      const dispatchStarted = performance.now();
      for (let i = 0; i < records.length; i += DISPATCH_BATCH) await dispatcher.handle(records.slice(i, i + DISPATCH_BATCH));
      const dispatchMs = performance.now() - dispatchStarted;

      const worker = createDeliveryWorker({ db, secretBox, sender, logger: createLogger('warn'), worker: registration, pollIntervalMs: 20 });
      const deliverStarted = performance.now();
      worker.start();
      let outstanding = DELIVERIES_PER_SCENARIO;
      while (outstanding > 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const result = await db.query<{ outstanding: number }>("SELECT count(*)::integer AS outstanding FROM webhook_deliveries WHERE org_id = $1 AND status <> 'delivered'", [org]);
        outstanding = result.rows[0]!.outstanding;
      }
      const deliverMs = performance.now() - deliverStarted;
      await worker.stop();

      figures[`endpoints_${endpointCount}_dispatch_deliveries_per_s`] = perSecond(DELIVERIES_PER_SCENARIO, dispatchMs);
      figures[`endpoints_${endpointCount}_delivered_per_s`] = perSecond(DELIVERIES_PER_SCENARIO, deliverMs);
      await db.query('DELETE FROM webhook_endpoints WHERE org_id = $1', [org]);
    }
  } finally {
    sender.close();
    await registration.stop();
    await receiver.stop();
    await database.drop();
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await run();
  for (const [metric, value] of Object.entries(figures)) console.log(`${metric.padEnd(48)} ${value}`);
}
