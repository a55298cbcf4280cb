// `sentinel set-aside list|replay`, spawned as an operator runs it, on both
// profiles: records two groups set aside (of two organizations) are listed
// without their values, and a replayed one comes again, byte for byte, to a
// group of its topic, once, whichever group's record was named; replaying it
// twice or naming no record fails.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../services/platform/db/database.js';
import { AppError } from '../services/platform/errors.js';
import { createEmbeddedStreamLog } from '../streams/log/embedded-stream-log.js';
import { createKafkaStreamLog } from '../streams/log/kafka-stream-log.js';
import type { ConsumedRecord, StreamLog } from '../streams/log/stream-log.js';
import { createSetAsideStore } from '../streams/set-aside.js';
import { allTopics, topics } from '../streams/topics.js';
import { systemScope } from '../services/platform/tenancy.js';
import { freshPostgres, openEmbeddedDataDir } from './support/databases.js';
import { runSentinel, stopStragglers } from './support/processes.js';
import { testServices } from './support/services.js';

interface DomainEvent {
  event_id: string;
  org_id: string;
  type: string;
  occurred_at: number;
  subject_id: string | null;
  actor: { kind: 'system'; id: null };
  correlation_id: string | null;
  payload: string;
}
const domainEvent = (orgId: string, type: string): DomainEvent => ({
  event_id: randomUUID(),
  org_id: orgId,
  type,
  occurred_at: Date.now(),
  subject_id: null,
  actor: { kind: 'system', id: null },
  correlation_id: null,
  payload: '{"secret":"never shown"}',
});

/** A deployment as the command sees it: its environment, and the same database and log opened in this process. */
interface Deployment {
  env: Record<string, string>;
  open(): Promise<{ db: Database; log: StreamLog }>;
  /** Releases what open() opened (the embedded database's directory lock included), so the command can open it. */
  close(opened: { db: Database; log: StreamLog }): Promise<void>;
  dispose(): Promise<void>;
}

async function postgresAndKafka(): Promise<Deployment> {
  const database = await freshPostgres();
  const topicPrefix = `sentinel-cli-${randomBytes(4).toString('hex')}.`;
  const kafka = { brokers: testServices.kafkaBrokers, schemaRegistryUrl: testServices.schemaRegistryUrl, partitions: 8, topicPrefix, clientId: 'set-aside-cli-test' };
  return {
    env: { NODE_ENV: 'test', DATABASE_URL: database.url!, KAFKA_BROKERS: testServices.kafkaBrokers.join(','), SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl, TOPIC_PREFIX: topicPrefix },
    open: async () => ({ db: database.db, log: createKafkaStreamLog({ ...kafka, setAside: createSetAsideStore({ db: database.db }) }) }),
    close: async ({ log }) => log.close(),
    async dispose() {
      await database.drop();
      const admin = new Kafka({ clientId: 'set-aside-cli-cleanup', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
      if (ours.length > 0) await admin.deleteTopics({ topics: ours });
      await admin.disconnect();
    },
  };
}

async function embedded(): Promise<Deployment> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-set-aside-'));
  return {
    env: { NODE_ENV: 'test', DATA_DIR: dataDir },
    async open() {
      const db = await openEmbeddedDataDir(dataDir);
      return { db, log: createEmbeddedStreamLog({ db, partitions: 8, pollIntervalMs: 10 }) };
    },
    async close({ db, log }) {
      await log.close();
      await db.close();
    },
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

const profiles = [
  { name: 'postgres and Kafka', deployment: postgresAndKafka },
  { name: 'embedded', deployment: embedded },
];

describe.each(profiles)('sentinel set-aside on $name', ({ deployment: create }) => {
  let deployment: Deployment | undefined;
  afterAll(async () => {
    await stopStragglers();
    await deployment?.dispose();
  });

  it('lists set-aside records without their values and replays one, once', async () => {
    deployment = await create();
    const [orgA, orgB] = [randomUUID(), randomUUID()];
    const poisonA = domainEvent(orgA, 'poison');
    const poisonB = domainEvent(orgB, 'poison');
    let opened = await deployment.open();
    await opened.log.ensureTopics(allTopics);
    await opened.log.publish(topics.domainEvents, [poisonA, domainEvent(orgA, 'fine'), poisonB].map((value) => ({ key: value.org_id, value })));
    // Two groups of the topic refuse the poison records: each sets them aside.
    const group = `cli-test-${randomBytes(4).toString('hex')}`;
    const otherGroup = `${group}-other`;
    const subscriptions = await Promise.all(
      [group, otherGroup].map((name) =>
        opened.log.subscribe<DomainEvent>({
          group: name,
          topic: topics.domainEvents,
          handle: async (batch) => {
            if (batch.some((record) => record.value.type === 'poison')) throw new AppError('unprocessable', 'poison refused', { retriable: false });
          },
        }),
      ),
    );
    const store = createSetAsideStore({ db: opened.db });
    const scope = systemScope('replay-set-aside-records');
    await vi.waitFor(async () => expect(await store.list(scope)).toHaveLength(4), { timeout: 60_000, interval: 50 });
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await deployment.close(opened);

    const listed = await runSentinel(['set-aside', 'list', '--json'], deployment.env);
    expect(listed.code, listed.stderr).toBe(0);
    const records = JSON.parse(listed.stdout) as { id: string; key: string; group: string; topic: string; error_code: string; error_message: string; replayed_at: string | null }[];
    const expected = [orgA, orgB].flatMap((key) => [group, otherGroup].map((name) => [key, name, 'domain-events', 'unprocessable', 'poison refused', null]));
    expect(records.map((r) => [r.key, r.group, r.topic, r.error_code, r.error_message, r.replayed_at]).sort()).toEqual(expected.sort());
    expect(listed.stdout).not.toContain(poisonA.event_id);
    expect(listed.stdout).not.toContain('never shown');
    const idOf = (key: string, name = group) => records.find((r) => r.key === key && r.group === name)!.id;

    const replayed = await runSentinel(['set-aside', 'replay', idOf(orgA)], deployment.env);
    expect([replayed.code, replayed.stdout], replayed.stderr).toEqual([0, `replayed ${idOf(orgA)} to domain-events (key ${orgA})\n`]);
    const missing = randomUUID();
    const again = await runSentinel(['set-aside', 'replay', idOf(orgA), missing], deployment.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${idOf(orgA)} was already replayed at`);
    expect(again.stderr).toContain(`no set-aside record ${missing}`);
    // One replay reaches every group: what the other group set aside of the record is replayed too.
    const ofOtherGroup = await runSentinel(['set-aside', 'replay', idOf(orgA, otherGroup)], deployment.env);
    expect([ofOtherGroup.code, ofOtherGroup.stderr]).toEqual([1, expect.stringContaining(`${idOf(orgA, otherGroup)} was already replayed at`)]);
    const waiting = await runSentinel(['set-aside', 'list'], deployment.env);
    expect(waiting.stdout.trim().split('\n').map((line) => line.split(' ')[0]).sort()).toEqual([idOf(orgB), idOf(orgB, otherGroup)].sort());
    expect((await runSentinel(['set-aside', 'replay'], deployment.env)).code).toBe(2);

    // A new group of the topic receives the replayed record after the original: the same event, twice; the other once.
    opened = await deployment.open();
    const received: ConsumedRecord<DomainEvent>[] = [];
    const reader = await opened.log.subscribe<DomainEvent>({ group: `${group}-reader`, topic: topics.domainEvents, handle: async (batch) => void received.push(...batch) });
    const copies = (event: DomainEvent) => received.filter((r) => r.value.event_id === event.event_id).length;
    await vi.waitFor(() => expect([copies(poisonA), copies(poisonB)]).toEqual([2, 1]), { timeout: 60_000, interval: 50 });
    await reader.stop();
    expect(received.filter((r) => r.value.event_id === poisonA.event_id).map((r) => r.value)).toEqual([poisonA, poisonA]);
    await deployment.close(opened);
    // Each command opens the deployment's database afresh: PGlite takes seconds to load its directory.
  }, 300_000);
});
