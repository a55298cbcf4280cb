import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freshPostgres } from '../../test/support/databases.js';
import { testServices } from '../../test/support/services.js';
import { createSetAsideStore } from '../set-aside.js';
import { createKafkaStreamLog, routeKafkaLog, type KafkaStreamLogOptions } from './kafka-stream-log.js';
import type { StreamLogLogger } from './shared.js';
import type { ConsumedRecord, TopicSpec } from './stream-log.js';
import { describeStreamLogContract } from './testing/stream-log.contract.js';

const PARTITIONS = 4;
// PostgreSQL keeps the set-aside records of both profiles.
const database = await freshPostgres();
const setAside = createSetAsideStore({ db: database.db });
// Every topic and subject of this run starts with the prefix, so the run removes exactly what it made.
const topicPrefix = `sentinel-test-${randomBytes(4).toString('hex')}.`;
const options: KafkaStreamLogOptions = {
  brokers: testServices.kafkaBrokers,
  schemaRegistryUrl: testServices.schemaRegistryUrl,
  partitions: PARTITIONS,
  topicPrefix,
  clientId: 'sentinel-stream-log-test',
  setAside,
};
// Fail fast instead of kafkajs' default of retrying for about a minute.
const unreachableBrokers = { brokers: ['127.0.0.1:1'], connectionTimeoutMs: 300, pingTimeoutMs: 2_000, retry: { retries: 1, initialRetryTime: 100 } };

const kafka = new Kafka({ clientId: 'sentinel-stream-log-test-admin', brokers: testServices.kafkaBrokers, logLevel: logLevel.NOTHING });
const registryApi = (path: string, init?: RequestInit) =>
  fetch(`${testServices.schemaRegistryUrl}${path}`, { ...init, headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' } });

afterAll(async () => {
  await database.drop();
  const admin = kafka.admin();
  await admin.connect();
  // Groups first: deleting a topic drops the groups' offsets, and with them the empty groups.
  const ourGroups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((group) => group.startsWith(topicPrefix));
  if (ourGroups.length > 0) await admin.deleteGroups(ourGroups);
  const ours = (await admin.listTopics()).filter((topic) => topic.startsWith(topicPrefix));
  if (ours.length > 0) await admin.deleteTopics({ topics: ours });
  await admin.disconnect();
  const subjects = (await (await registryApi('/subjects')).json()) as string[];
  for (const subject of subjects.filter((s) => s.startsWith(topicPrefix))) {
    // A subject must be soft-deleted before it can be deleted permanently.
    await registryApi(`/subjects/${encodeURIComponent(subject)}`, { method: 'DELETE' });
    await registryApi(`/subjects/${encodeURIComponent(subject)}?permanent=true`, { method: 'DELETE' });
  }
});

describeStreamLogContract('Kafka with the schema registry', async () => ({
  partitions: PARTITIONS,
  setAside,
  open: async (logger) => createKafkaStreamLog({ ...options, logger }),
  openUnreachable: async () => createKafkaStreamLog({ ...options, ...unreachableBrokers }),
  dispose: async () => undefined,
}));

describe('Kafka stream log', () => {
  const newTopic = (): TopicSpec => ({ name: `kafka-${randomBytes(5).toString('hex')}`, schema: 'domain-event' });
  /** The broker's metadata of these topics, as a separate client sees it. */
  const partitionsOf = async (topics: TopicSpec[]) => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      return (await admin.fetchTopicMetadata({ topics: topics.map((topic) => `${topicPrefix}${topic.name}`) })).topics;
    } finally {
      await admin.disconnect();
    }
  };

  it('creates topics with the configured partition count, each partition with a leader on return', async () => {
    const log = createKafkaStreamLog({ ...options, partitions: 12 });
    const topics = [newTopic(), newTopic()];
    await log.ensureTopics(topics);
    await log.close();
    for (const { partitions } of await partitionsOf(topics)) {
      expect(partitions).toHaveLength(12);
      expect(partitions.filter(({ leader }) => leader < 0)).toEqual([]);
    }
  });

  it('creates topics from many processes at once, each partition with a leader on return', async () => {
    // Concurrent creations are what make a KRaft broker answer UNKNOWN_TOPIC_OR_PARTITION
    // for a topic its controller has just created; kafkajs's own leader wait fails on that.
    const logs = Array.from({ length: 20 }, () => createKafkaStreamLog({ ...options, partitions: 12 }));
    const topicsByLog = logs.map(() => [newTopic(), newTopic()]);
    await Promise.all(logs.map((log, n) => log.ensureTopics(topicsByLog[n]!)));
    await Promise.all(logs.map((log) => log.close()));
    const created = await partitionsOf(topicsByLog.flat());
    expect(created).toHaveLength(40);
    for (const { partitions } of created) expect(partitions.filter(({ leader }) => leader < 0)).toEqual([]);
  });

  it('publishes more than the broker takes in one request, in order, for one key', async () => {
    const log = createKafkaStreamLog(options);
    const topic = newTopic();
    await log.ensureTopics([topic]);
    // 3,000 records of ~1 KiB for one organization: about 3 MiB into one partition.
    const sent = Array.from({ length: 3_000 }, (_, n) => ({
      key: 'org-large',
      value: { event_id: randomUUID(), org_id: 'org-large', type: 'bulk', occurred_at: n, subject_id: null, actor: { kind: 'system', id: null }, correlation_id: null, payload: 'x'.repeat(1_000) },
    }));
    await log.publish(topic, sent);
    const received: string[] = [];
    const subscription = await log.subscribe<{ event_id: string }>({ group: `g-${randomUUID()}`, topic, handle: async (batch) => void received.push(...batch.map((r) => r.value.event_id)) });
    const deadline = Date.now() + 30_000;
    while (received.length < sent.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await subscription.stop();
    await log.close();
    expect(received).toEqual(sent.map((record) => record.value.event_id));
  });

  it('prefixes consumer group ids with the topic prefix, so deployments sharing a cluster never share a group', async () => {
    const log = createKafkaStreamLog(options);
    const topic = newTopic();
    await log.ensureTopics([topic]);
    const group = `group-${randomBytes(4).toString('hex')}`;
    const subscription = await log.subscribe({ group, topic, handle: async () => undefined });
    const admin = kafka.admin();
    await admin.connect();
    try {
      await vi.waitFor(async () => expect((await admin.listGroups()).groups.map((g) => g.groupId)).toContain(`${topicPrefix}${group}`), { timeout: 30_000, interval: 200 });
      expect((await admin.listGroups()).groups.map((g) => g.groupId)).not.toContain(group);
    } finally {
      await admin.disconnect();
      await subscription.stop();
      await log.close();
    }
  });

  it('lets several processes ensure the same topics at once without an error in the log', async () => {
    const logged = capturingLogger();
    const topics = [newTopic(), newTopic()];
    const logs = Array.from({ length: 3 }, () => createKafkaStreamLog({ ...options, logger: logged.logger }));
    await Promise.all(logs.map((log) => log.ensureTopics(topics)));
    await Promise.all(logs.map((log) => log.close()));
    expect(logged.entries.filter((entry) => entry.level === 'error' || entry.level === 'warn')).toEqual([]);
  });

  it("logs the broker's TOPIC_ALREADY_EXISTS answer to a racing topic creation at debug level, not as an error", async () => {
    const topic = `${topicPrefix}${newTopic().name}`;
    const creator = kafka.admin();
    await creator.connect();
    await creator.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: false });
    await creator.disconnect();

    // What a process that lost the race sees: kafkajs receives the error answer and resolves false.
    const logged = capturingLogger();
    const racer = new Kafka({ clientId: 'sentinel-topic-race', brokers: testServices.kafkaBrokers, logCreator: () => (entry) => routeKafkaLog(logged.logger, entry) }).admin();
    await racer.connect();
    await expect(racer.createTopics({ topics: [{ topic, numPartitions: 1 }] })).resolves.toBe(false);
    await racer.disconnect();
    expect(logged.entries.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(logged.entries).toContainEqual(expect.objectContaining({ level: 'debug', message: expect.stringMatching(/^kafkajs: Response CreateTopics/) }));
  });

  it("logs a Metadata answer about a topic still propagating at debug level, and other Metadata errors as errors", () => {
    const logged = capturingLogger();
    // As kafkajs logged it in CI while three processes ensured the same topics at once.
    const entry = (error: string) => ({
      namespace: 'Connection',
      level: logLevel.ERROR,
      label: 'ERROR',
      log: { timestamp: '2026-11-24T03:02:14.379Z', logger: 'kafkajs', message: 'Response Metadata(key: 3, version: 6)', broker: '127.0.0.1:9092', clientId: 'sentinel', error, correlationId: 5, size: 161 },
    });
    routeKafkaLog(logged.logger, entry('This server does not host this topic-partition'));
    routeKafkaLog(logged.logger, entry('There is no leader for this topic-partition as we are in the middle of a leadership election'));
    routeKafkaLog(logged.logger, entry('Not authorized to access topics: [Topic authorization failed]'));
    expect(logged.entries.map((routed) => routed.level)).toEqual(['debug', 'debug', 'error']);
  });

  it('rejects ping when only the schema registry is unreachable', async () => {
    const log = createKafkaStreamLog({ ...options, schemaRegistryUrl: 'http://127.0.0.1:1/apis/ccompat/v7', pingTimeoutMs: 2_000 });
    await expect(log.ping()).rejects.toThrow();
    await log.close();
  });

  it('publishes to a subject registered earlier without a compatibility level, and leaves it BACKWARD', async () => {
    const log = createKafkaStreamLog(options);
    const topic = newTopic();
    await log.ensureTopics([topic]);
    const subject = `${topicPrefix}${topic.name}-value`;
    const definition = readFileSync(new URL('../../schemas/domain-event.avsc', import.meta.url), 'utf8');
    expect((await registryApi(`/subjects/${subject}/versions`, { method: 'POST', body: JSON.stringify({ schema: definition }) })).status).toBe(200);

    await log.publish(topic, [{ key: 'org-1', value: { event_id: randomUUID(), org_id: 'org-1', type: 't', occurred_at: 1, subject_id: null, actor: { kind: 'system', id: null }, correlation_id: null, payload: '{}' } }]);
    await log.close();
    expect(await (await registryApi(`/config/${subject}`)).json()).toEqual({ compatibilityLevel: 'BACKWARD' });
  });

  it('decodes records written with an earlier registered schema version into the current shape', async () => {
    const log = createKafkaStreamLog(options);
    const topic = newTopic();
    await log.ensureTopics([topic]);
    const topicName = `${topicPrefix}${topic.name}`;

    // A producer from before the schema gained subject_id and correlation_id.
    const registry = new SchemaRegistry({ host: testServices.schemaRegistryUrl });
    const olderDefinition = readFileSync(new URL('./testdata/domain-event-v0.avsc', import.meta.url), 'utf8');
    const { id: olderId } = await registry.register(
      { type: SchemaType.AVRO, schema: olderDefinition },
      { subject: `${topicName}-value`, compatibility: COMPATIBILITY.BACKWARD },
    );
    const written = { event_id: randomUUID(), org_id: 'org-old', type: 'legacy.event', occurred_at: 1_600_000_000_000, actor: { kind: 'user', id: 'u-1' }, payload: '{}' };
    const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
    await producer.connect();
    await producer.send({ topic: topicName, messages: [{ key: 'org-old', value: await registry.encode(olderId, written) }] });
    await producer.disconnect();
    // The current schema registers on top of the older one: the registry accepts it as a BACKWARD compatible change.
    const current = { ...written, event_id: randomUUID(), subject_id: 'finding-1', correlation_id: 'req-1' };
    await log.publish(topic, [{ key: 'org-old', value: current }]);

    const received: ConsumedRecord<unknown>[] = [];
    const subscription = await log.subscribe({ group: `group-${randomBytes(4).toString('hex')}`, topic, handle: async (batch) => void received.push(...batch) });
    await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 30_000, interval: 20 });
    await subscription.stop();
    await log.close();
    expect(received.map((r) => r.value)).toEqual([{ ...written, subject_id: null, correlation_id: null }, current]);
  });
});

function capturingLogger(): { logger: StreamLogLogger; entries: { level: string; message: string; fields: Record<string, unknown> }[] } {
  const entries: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => void entries.push({ level, message, fields });
  return { entries, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}
