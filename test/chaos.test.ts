// Chaos on the full profile: PostgreSQL, Kafka and its schema
// registry, and `sentinel api`, `sentinel streams` and `sentinel workers` as real,
// separate processes. Two organizations import hundreds of real reports, each
// with a webhook endpoint subscribed, while the streams and workers processes are
// killed with SIGKILL at seeded moments and started again. Once everything has
// settled, nothing may be lost, doubled or leaked: the exact finding count, one
// finding per (organization, asset, fingerprint) with one `created` timeline
// event, the outbox drained, every delivery received (signed) at least once, and
// a repeat only ever under the same delivery id.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeObservations, parseReport, type ReportFormat } from '../services/findings/index.js';
import { readReportFixture } from '../services/findings/testing/report-fixtures.js';
import { assetIdentity, parseImageReference } from '../services/scans/image-reference.js';
import { createTestCertificates } from '../services/platform/egress/testing/certificates.js';
import { startTestReceiver, type TestReceiver } from '../services/webhooks/testing/receiver.js';
import { freshPostgres, type TestDatabase } from './support/databases.js';
import { deleteKafkaPrefix } from './support/kafka-cleanup.js';
import { spawnSentinel, startReady, stopStragglers, type SentinelProcess } from './support/processes.js';
import { testServices } from './support/services.js';

const SEED = 13;
const IMPORTS = { first: 240, second: 60 };
const IMPORTS_AT_ONCE = 4;
/** Imports arrive at a steady rate over this long, so every kill lands among them. */
const IMPORT_WINDOW_MS = 60_000;
/**
 * Who is killed, in order, one in each equal part of the import window, at a moment
 * drawn from the seed. Streams is not last: a killed consumer's partitions wait for
 * Kafka's session timeout (30 s) before the restarted one gets them.
 */
const KILLS = ['workers', 'streams', 'workers', 'streams', 'workers'] as const;
// Generous: in CI this suite shares two cores with the rest of the run (three test
// workers, Kafka, PostgreSQL, ClickHouse); alone it settles in about 15 s.
const SETTLE_TIMEOUT_MS = 300_000;

/** Small real reports, and one larger one every tenth import. */
const FIXTURES = [
  'trivy/alpine-310.json',
  'trivy/centos-7.json',
  'trivy/debian-stretch.json',
  'trivy/ubuntu-1804.json',
  'trivy/npm.json',
  'trivy/fluentd-gems.json',
  'trivy/gomod-vex.json',
  'trivy/spring4shell-jre11.json',
  'sarif/trivy-alpine-310.sarif',
  'grype/dd-issue_9618.json',
];

/** mulberry32: a small seeded generator, so a failing schedule can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const progress = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The findings an import of this report for this image must produce: its distinct vulnerabilities (the kind enabled by default). */
function expectedFindings(fixture: string, image: string): number {
  const parsed = parseReport(fixture.split('/')[0] as ReportFormat, readReportFixture(fixture));
  const reference = parseImageReference(image);
  if (!reference.ok) throw new Error(`not an image reference: ${image}`);
  return dedupeObservations(assetIdentity(reference.reference), parsed.observations.filter((o) => o.kind === 'vulnerability')).length;
}

describe('chaos on the full profile: streams and workers killed with SIGKILL', () => {
  const topicPrefix = `sentinel-chaos-${randomBytes(4).toString('hex')}.`;
  let dir: string;
  let database: TestDatabase;
  let receiver: TestReceiver;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sentinel-chaos-'));
    const certificates = createTestCertificates();
    await writeFile(path.join(dir, 'receiver-ca.pem'), certificates.caPem);
    receiver = await startTestReceiver(certificates);
    database = await freshPostgres();
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url!,
      KAFKA_BROKERS: testServices.kafkaBrokers.join(','),
      SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl,
      TOPIC_PREFIX: topicPrefix,
      STREAM_PARTITIONS: '4',
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
      WEBHOOK_CA_FILE: path.join(dir, 'receiver-ca.pem'),
      RATE_LIMIT_PER_MINUTE: '100000',
      // A stop that lands while the consumer group still rebalances after the last kill
      // leaves the group only when the rebalance ends, which waits for the killed member's
      // session timeout (30 s): the default 10 s grace would cut it short (exit 1).
      SHUTDOWN_GRACE_MS: '45000',
    };
  });

  afterAll(async () => {
    await stopStragglers();
    await receiver?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
    await deleteKafkaPrefix(topicPrefix);
  });

  /** A background role (no HTTP listener): started once its preparation printed "ready". */
  async function startRole(role: 'streams' | 'workers'): Promise<SentinelProcess> {
    const sentinel = await spawnSentinel(env, role);
    const deadline = Date.now() + 120_000;
    while (!sentinel.output().includes('sentinel: ready')) {
      if (sentinel.child.exitCode !== null) throw new Error(`sentinel ${role} exited with ${sentinel.child.exitCode}:\n${sentinel.output()}`);
      if (Date.now() > deadline) throw new Error(`sentinel ${role} not ready in time:\n${sentinel.output()}`);
      await sleep(100);
    }
    return sentinel;
  }

  it('loses nothing, doubles nothing and delivers every webhook', { timeout: 720_000 }, async () => {
    const random = seeded(SEED);
    progress(`seed ${SEED}; topic prefix ${topicPrefix}`);
    const [api, streams, workers] = await Promise.all([startReady(env, 'api'), startRole('streams'), startRole('workers')]);
    const roles = { streams, workers };
    progress('api, streams and workers ready');

    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const response = await fetch(`${api.base}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read loosely, as test/support/http-client.ts does
      return { status: response.status, body: (await response.json()) as any };
    };
    const tenant = async (name: 'first' | 'second') => {
      const signedUp = await call('POST', '/api/v1/auth/signup', undefined, { email: `chaos-${randomUUID()}@example.test`, password: `pw-${randomUUID()}`, name });
      expect(signedUp.status).toBe(201);
      const token: string = signedUp.body.access_token;
      const orgId: string = (await call('GET', '/api/v1/me', token)).body.acting_organization.id;
      const hookPath = `/chaos/${name}`;
      const endpoint = await call('POST', '/api/v1/webhooks', token, { url: receiver.url(hookPath), events: ['finding.created', 'scan.completed'] });
      expect(endpoint.status).toBe(201);
      receiver.trust(hookPath, [endpoint.body.secret]);
      // Slow answers keep attempts in flight, so a killed worker dies holding leases.
      receiver.behave(hookPath, 'slow');
      return { name, token, orgId, hookPath, imports: IMPORTS[name], findings: 0 };
    };
    const tenants = [await tenant('first'), await tenant('second')];

    // ---- the imports, with the kills alongside ------------------------------
    const queue = tenants.flatMap((t) => Array.from({ length: t.imports }, (_, n) => ({ tenant: t, n })));
    // Interleaved, so both organizations' work spans the kills.
    queue.sort((a, b) => a.n / a.tenant.imports - b.n / b.tenant.imports);
    let imported = 0;
    const importsStarted = Date.now();
    const interval = IMPORT_WINDOW_MS / queue.length;
    let started = 0;
    const importer = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await sleep(importsStarted + started++ * interval - Date.now());
        const fixture = FIXTURES[next.n % FIXTURES.length]!;
        const image = `registry.example.test/chaos/${next.tenant.name}-${next.n}:1.0`;
        next.tenant.findings += expectedFindings(fixture, image);
        const response = await call('POST', '/api/v1/scans/import', next.tenant.token, { image, format: fixture.split('/')[0], report: readReportFixture(fixture) });
        expect(response.status, JSON.stringify(response.body)).toBe(202);
        imported++;
      }
    };
    const importing = Promise.all(Array.from({ length: IMPORTS_AT_ONCE }, importer));

    const part = IMPORT_WINDOW_MS / KILLS.length;
    for (const [k, victim] of KILLS.entries()) {
      // Somewhere in its part of the window; at once if the restart before took that long.
      await sleep(importsStarted + k * part + random() * part - Date.now());
      const killed = roles[victim];
      killed.child.kill('SIGKILL');
      await killed.exited;
      progress(`killed ${victim} (SIGKILL) after ${imported} imports; starting it again`);
      roles[victim] = await startRole(victim);
    }
    await importing;
    progress(`all ${imported} imports accepted; waiting for the pipeline to settle`);

    // ---- quiescence ----------------------------------------------------------
    const { db } = database;
    const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`, params)).rows[0]!.n;
    const expectedFindingTotal = tenants.reduce((sum, t) => sum + t.findings, 0);
    const expectedDeliveries = expectedFindingTotal + imported;
    const settleDeadline = Date.now() + SETTLE_TIMEOUT_MS;
    let lastReport = 0;
    for (;;) {
      const state = {
        scansNotCompleted: await count("scans WHERE state <> 'completed'"),
        findings: await count('findings'),
        outboxPending: await count('outbox_events WHERE published_at IS NULL'),
        deliveries: await count('webhook_deliveries'),
        deliveriesNotDelivered: await count("webhook_deliveries WHERE status <> 'delivered'"),
        received: receiver.deliveries().size,
        // The killed workers are swept out by the live one once their heartbeats are stale.
        registeredWorkers: await count('workers'),
      };
      const settled =
        state.scansNotCompleted === 0 &&
        state.findings === expectedFindingTotal &&
        state.outboxPending === 0 &&
        state.deliveries === expectedDeliveries &&
        state.deliveriesNotDelivered === 0 &&
        state.received >= expectedDeliveries &&
        state.registeredWorkers === 1;
      if (settled) break;
      if (Date.now() > settleDeadline) {
        throw new Error(`not settled in ${SETTLE_TIMEOUT_MS} ms: ${JSON.stringify(state)}; expected ${expectedFindingTotal} findings, ${expectedDeliveries} deliveries\n` +
          `streams:\n${roles.streams.output().slice(-4_000)}\nworkers:\n${roles.workers.output().slice(-4_000)}`);
      }
      if (Date.now() - lastReport > 10_000) {
        progress(`settling: ${JSON.stringify(state)}; expecting ${expectedFindingTotal} findings and ${expectedDeliveries} deliveries`);
        lastReport = Date.now();
      }
      await sleep(1_000);
    }
    progress('settled');
    // The live worker swept out the killed ones (registeredWorkers above) and said so.
    expect(roles.workers.output()).toContain('worker declared dead; its leases are released');

    // ---- what must hold ------------------------------------------------------
    for (const t of tenants) {
      expect(await count('scans WHERE org_id = $1', [t.orgId]), `${t.name}: scans`).toBe(t.imports);
      expect(await count('findings WHERE org_id = $1', [t.orgId]), `${t.name}: findings`).toBe(t.findings);
    }
    const duplicates = await db.query('SELECT org_id, asset_id, fingerprint FROM findings GROUP BY org_id, asset_id, fingerprint HAVING count(*) > 1');
    expect(duplicates.rows).toEqual([]);
    const createdEvents = await db.query<{ finding_id: string; created: number }>(
      `SELECT f.id AS finding_id, count(e.*) FILTER (WHERE e.type = 'created')::integer AS created
         FROM findings f LEFT JOIN finding_events e ON e.org_id = f.org_id AND e.finding_id = f.id
        GROUP BY f.id HAVING count(e.*) FILTER (WHERE e.type = 'created') <> 1`,
    );
    expect(createdEvents.rows).toEqual([]);
    expect(await count('outbox_events WHERE published_at IS NULL OR failed_at IS NOT NULL')).toBe(0);

    const stored = await db.query<{ id: string; event_id: string; org_id: string; endpoint_path: string }>(
      `SELECT d.id, d.event_id, d.org_id, substring(e.url from '/chaos/.*$') AS endpoint_path
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.org_id = d.org_id AND e.id = d.endpoint_id`,
    );
    for (const t of tenants) {
      const ours = stored.rows.filter((row) => row.org_id === t.orgId);
      expect(ours.every((row) => row.endpoint_path === t.hookPath), `${t.name}: deliveries only to its own endpoint`).toBe(true);
      expect(ours.length, `${t.name}: one delivery per finding and per scan`).toBe(t.findings + t.imports);
      const received = receiver.requests(t.hookPath);
      expect(received.every((request) => request.verified), `${t.name}: every request signed`).toBe(true);
      const bodies = received.map((request) => ({ deliveryId: request.deliveryId, body: JSON.parse(request.body.toString('utf8')) as { id: string; organization_id: string } }));
      expect(bodies.every(({ body }) => body.organization_id === t.orgId), `${t.name}: only its own organization's events`).toBe(true);
      // Every stored delivery arrived, and an event arriving twice came under the same delivery id.
      const deliveryOfEvent = new Map<string, Set<string>>();
      for (const { deliveryId, body } of bodies) deliveryOfEvent.set(body.id, (deliveryOfEvent.get(body.id) ?? new Set()).add(deliveryId));
      expect([...deliveryOfEvent.values()].filter((ids) => ids.size > 1)).toEqual([]);
      expect(new Set(bodies.map(({ deliveryId }) => deliveryId))).toEqual(new Set(ours.map((row) => row.id)));
      for (const row of ours) expect(deliveryOfEvent.get(row.event_id)).toEqual(new Set([row.id]));
    }
    const repeats = receiver.requests().length - receiver.deliveries().size;
    progress(`${expectedFindingTotal} findings, ${expectedDeliveries} deliveries, ${repeats} received more than once (same delivery id)`);

    // A graceful stop still works after all that, and leaves no worker registered.
    for (const sentinel of [api, roles.streams, roles.workers]) sentinel.child.kill('SIGTERM');
    const exits = await Promise.all([api.exited, roles.streams.exited, roles.workers.exited]);
    const lastWords = [api, roles.streams, roles.workers].map((sentinel) => sentinel.output().slice(-4000)).join('\n---\n');
    expect(exits, `api, streams and workers exit codes; their last output:\n${lastWords}`).toEqual([0, 0, 0]);
    expect(await count('workers')).toBe(0);
  });
});
