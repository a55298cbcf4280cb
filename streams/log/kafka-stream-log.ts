// The stream log of the full profile: Kafka through kafkajs, values Avro-encoded in
// the schema registry's wire format (Confluent-compatible API; Apicurio in tests).
import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import avsc from 'avsc';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type RetryOptions,
} from 'kafkajs';
import { loadSchema, schemaDefinition } from '../avro.js';
import { fixKafkaRequestQueueScheduling } from './kafkajs-request-queue.js';
import type { RawStreamRecord, SetAsideStore } from '../set-aside.js';
import {
  assertValuesMatchSchema,
  batchesOf,
  createProgressTracker,
  createResolvingDecoder,
  DEFAULT_MAX_BATCH_BYTES,
  DEFAULT_MAX_BATCH_SIZE,
  deliverIsolatingPoison,
  reportHandlerFailure,
  retryBackoffMs,
  silentLogger,
  unlessAbandoned,
  type StreamLogLogger,
} from './shared.js';
import type { OutgoingRecord, RepublishedRecord, StreamLog, Subscription, SubscribeOptions, TopicSpec } from './stream-log.js';

export interface KafkaStreamLogOptions {
  brokers: string[];
  /** Base URL of the Confluent-compatible API, e.g. http://host:8081/apis/ccompat/v7 for Apicurio. */
  schemaRegistryUrl: string;
  /** Partition count of topics this log creates. */
  partitions: number;
  /**
   * Prepended verbatim to every topic name and consumer group id (include a
   * separator, e.g. "staging."), so deployments sharing a cluster share neither.
   */
  topicPrefix: string;
  clientId: string;
  logger?: StreamLogLogger;
  /** Where poison records go; subscribing needs it (publishing does not). */
  setAside?: SetAsideStore;
  /** Cap of the exponential back-off of a partition after failed batches (default 5 s). */
  maxRetryBackoffMs?: number;
  /** Replication factor of topics this log creates (default 1, a single-broker cluster). */
  replicationFactor?: number;
  /** Time to establish a broker connection (default 3 s). */
  connectionTimeoutMs?: number;
  /** How long ping() waits for the cluster and the registry (default 5 s). */
  pingTimeoutMs?: number;
  /** kafkajs retry policy of broker requests; its default retries for about a minute. */
  retry?: RetryOptions;
}

// The broker holds a fetch this long when there is nothing new; it bounds how long
// stop() waits for an idle consumer.
const FETCH_MAX_WAIT_MS = 500;
// A fetch brings up to this much of each partition. kafkajs's 1 MiB default holds about
// 2,000 scanner results, so a 10,000-record batch could never form; larger batches mean
// fewer, cheaper statements per record.
const FETCH_BYTES_PER_PARTITION = 8 * 1024 * 1024;
// A fetch brings up to this much in all. kafkajs hands a fetch's partitions to the
// handlers running at once (partitionsAtOnce) and fetches again only when all are
// handled, so a fetch of one partition leaves the other handlers idle: kafkajs's
// 10 MB default holds little more than one full partition. Eight full partitions fit.
const FETCH_BYTES = 8 * FETCH_BYTES_PER_PARTITION;
const HEARTBEAT_INTERVAL_MS = 3_000;
const REGISTRY_TIMEOUT_MS = 10_000;
// The Confluent wire format: magic byte 0, the schema id as a big-endian int32, the Avro body.
const WIRE_HEADER_LENGTH = 5;

/** Upper bound on the encoded values of one produce request. */
const SEND_BYTES = 512 * 1024;

/** Consecutive parts of the messages whose keys and values add up to at most `limit` bytes (a larger message goes alone). */
function partsOfAtMost<M extends { key: string; value: Buffer }>(limit: number, messages: M[]): M[][] {
  const parts: M[][] = [];
  let part: M[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = message.value.length + Buffer.byteLength(message.key);
    if (part.length > 0 && bytes + size > limit) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(message);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

class NotWireFormatError extends Error {
  constructor(offset: string) {
    super(`record at offset ${offset} is not in the schema registry wire format`);
    this.name = 'NotWireFormatError';
  }
}

/** The registry id of a value in the Confluent wire format, or undefined when it is not in that format. */
function wireSchemaId(value: Buffer): number | undefined {
  return value.length >= WIRE_HEADER_LENGTH && value[0] === 0 ? value.readInt32BE(1) : undefined;
}

export function createKafkaStreamLog(options: KafkaStreamLogOptions): StreamLog {
  fixKafkaRequestQueueScheduling();
  const { partitions, topicPrefix } = options;
  const logger = options.logger ?? silentLogger;
  const replicationFactor = options.replicationFactor ?? 1;
  const pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
  const maxRetryBackoffMs = options.maxRetryBackoffMs ?? 5_000;
  const progress = createProgressTracker();
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: options.connectionTimeoutMs ?? 3_000,
    retry: options.retry,
    logLevel: logLevel.INFO,
    logCreator: () => (entry) => routeKafkaLog(logger, entry),
  });
  const registry = new SchemaRegistry({ host: options.schemaRegistryUrl, clientId: options.clientId });
  const admin = kafka.admin();
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // The default since kafkajs 2 (murmur2, as the Java client); naming it silences the "partitioner changed" warning.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const adminConnection = lazyConnection(() => admin.connect(), () => admin.disconnect());
  const producerConnection = lazyConnection(() => producer.connect(), () => producer.disconnect());
  const schemaIds = new Map<string, Promise<number>>();
  const openSubscriptions = new Set<{ abandon(): Promise<void> }>();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('the stream log is closed');
  };
  const topicName = (topic: TopicSpec): string => `${topicPrefix}${topic.name}`;
  const registryBase = options.schemaRegistryUrl.endsWith('/') ? options.schemaRegistryUrl : `${options.schemaRegistryUrl}/`;
  const registryUrl = (path: string): URL => new URL(path, registryBase);

  /**
   * Sets the subject to BACKWARD first: the client's register() insists that the
   * subject's level equals the one it is given, and Apicurio reports its global
   * level (NONE) for a subject registered without one, which register() would refuse.
   */
  async function registerSchema(subject: string, schemaName: string): Promise<number> {
    const response = await fetch(registryUrl(`config/${encodeURIComponent(subject)}`), {
      method: 'PUT',
      headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
      body: JSON.stringify({ compatibility: COMPATIBILITY.BACKWARD }),
      signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`schema registry refused the compatibility of ${subject}: ${response.status} ${await response.text()}`);
    const registered = await registry.register({ type: SchemaType.AVRO, schema: schemaDefinition(schemaName) }, { subject, compatibility: COMPATIBILITY.BACKWARD });
    return registered.id;
  }

  /** Registers the topic's schema under "<topic>-value" once per process; answers its registry id. */
  function registeredSchemaId(topic: TopicSpec): Promise<number> {
    const subject = `${topicName(topic)}-value`;
    let id = schemaIds.get(subject);
    if (!id) {
      id = registerSchema(subject, topic.schema);
      schemaIds.set(subject, id);
      id.catch(() => schemaIds.delete(subject));
    }
    return id;
  }

  async function writerSchema(registryId: number): Promise<avsc.Type> {
    const schema = await registry.getSchema(registryId);
    if (!(schema instanceof avsc.Type)) throw new Error(`schema ${registryId} in the registry is not an Avro schema`);
    return schema;
  }

  return {
    kind: 'kafka',

    async ensureTopics(topics: TopicSpec[]): Promise<void> {
      assertOpen();
      await adminConnection.connect();
      const existing = new Set(await admin.listTopics());
      const missing = [...new Set(topics.map(topicName))].filter((name) => !existing.has(name));
      if (missing.length === 0) return;
      // Resolves false instead of failing when another process created them meanwhile
      // (the broker's TOPIC_ALREADY_EXISTS); any other creation error rejects.
      // kafkajs waits for leaders by default, failing on KRaft's transient answer; we wait ourselves.
      await admin.createTopics({
        topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor })),
        waitForLeaders: false,
      });
      await untilLeadersElected(admin, missing);
    },

    async publish<Value>(topic: TopicSpec, records: OutgoingRecord<Value>[]): Promise<void> {
      assertOpen();
      if (records.length === 0) return;
      assertValuesMatchSchema(topic, loadSchema(topic.schema), records);
      const schemaId = await registeredSchemaId(topic);
      const messages = await Promise.all(
        records.map(async (record) => ({ key: record.key, value: await registry.encode(schemaId, record.value), headers: record.headers })),
      );
      await producerConnection.connect();
      // Sent in order, one bounded request after another: a partition's record batch
      // must stay under the broker's message.max.bytes (1 MiB by default).
      for (const part of partsOfAtMost(SEND_BYTES, messages)) await producer.send({ topic: topicName(topic), acks: -1, messages: part });
    },

    async subscribe<Value>({
      group,
      topic,
      handle,
      onSetAside,
      maxBatchSize = DEFAULT_MAX_BATCH_SIZE,
      maxBatchBytes = DEFAULT_MAX_BATCH_BYTES,
      partitionsAtOnce = 1,
    }: SubscribeOptions<Value>): Promise<Subscription> {
      assertOpen();
      const setAside = options.setAside;
      if (!setAside) throw new Error('subscribing to the Kafka stream log needs a set-aside store (the setAside option)');
      const decoder = createResolvingDecoder(loadSchema(topic.schema), writerSchema);
      const abandonment = new AbortController();
      // Per partition: consecutive failed batches, and the timers that resume partitions paused after a failure.
      const failuresByPartition = new Map<number, number>();
      const resumeTimers = new Set<NodeJS.Timeout>();

      const toRawRecord = (partition: number, message: KafkaMessage): RawStreamRecord => {
        const value = message.value ?? Buffer.alloc(0);
        return {
          partition,
          offset: message.offset,
          key: message.key?.toString('utf8') ?? '',
          value,
          valueSchema: String(wireSchemaId(value) ?? ''),
          headers: decodeHeaders(message.headers),
        };
      };
      const decode = async (record: RawStreamRecord): Promise<Value> => {
        const schemaId = wireSchemaId(record.value);
        if (schemaId === undefined) throw new NotWireFormatError(record.offset);
        return (await decoder(schemaId, record.value.subarray(WIRE_HEADER_LENGTH))) as Value;
      };

      // Each fetched partition batch is handled in chunks of maxBatchSize and maxBatchBytes; each chunk
      // is committed on its own once every record was handled or set aside. A chunk
      // failing with a retriable error pauses its partition alone for the back-off,
      // leaving the chunk unresolved: the partition's next fetch starts at it again,
      // and the other partitions keep flowing meanwhile.
      const eachBatch = async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, uncommittedOffsets, isRunning, isStale, pause }: EachBatchPayload) => {
        for (const messages of batchesOf(batch.messages, maxBatchSize, maxBatchBytes, (message) => message.value?.length ?? 0)) {
          // Stopping, or the partition was reassigned in a rebalance: leave the rest uncommitted.
          if (!isRunning() || isStale()) return;
          const firstOffset = messages[0]?.offset;
          const lastOffset = messages.at(-1)?.offset;
          if (firstOffset === undefined || lastOffset === undefined) continue;
          progress.delivering(group, topic.name, batch.partition);
          try {
            await deliverIsolatingPoison({
              group,
              topic: topic.name,
              partition: batch.partition,
              records: messages.map((message) => toRawRecord(batch.partition, message)),
              decode,
              handle: (records) => unlessAbandoned(whileHeartbeating(handle(records), heartbeat), abandonment.signal),
              onSetAside,
              setAside,
              logger,
            });
          } catch (error) {
            if (abandonment.signal.aborted) throw error;
            const failures = (failuresByPartition.get(batch.partition) ?? 0) + 1;
            failuresByPartition.set(batch.partition, failures);
            const retryInMs = retryBackoffMs(failures, maxRetryBackoffMs);
            reportHandlerFailure(logger, error, { group, topic: topic.name, partition: batch.partition, firstOffset, lastOffset }, retryInMs);
            const resume = pause();
            const timer = setTimeout(() => {
              resumeTimers.delete(timer);
              resume();
            }, retryInMs);
            resumeTimers.add(timer);
            return;
          }
          failuresByPartition.delete(batch.partition);
          resolveOffset(lastOffset);
          await commitOffsetsIfNecessary(uncommittedOffsets());
          progress.committed(group, topic.name, batch.partition);
        }
      };

      const consumer: Consumer = kafka.consumer({
        groupId: `${topicPrefix}${group}`,
        allowAutoTopicCreation: false,
        maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
        maxBytesPerPartition: FETCH_BYTES_PER_PARTITION,
        maxBytes: FETCH_BYTES,
        heartbeatInterval: HEARTBEAT_INTERVAL_MS,
      });
      // A partition that moved to another member in a rebalance is no longer this process's to report as stalled.
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        progress.forget(group, topic.name, new Set(payload.memberAssignment[topicName(topic)] ?? []));
      });
      await consumer.connect();
      try {
        await consumer.subscribe({ topics: [topicName(topic)], fromBeginning: true });
        await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, partitionsConsumedConcurrently: partitionsAtOnce, eachBatch });
      } catch (error) {
        await consumer.disconnect();
        throw error;
      }

      // disconnect() lets the chunk in flight finish (kafkajs waits for eachBatch), then leaves the group.
      const disconnect = async (abandon: boolean): Promise<void> => {
        if (abandon) abandonment.abort();
        for (const timer of resumeTimers) clearTimeout(timer);
        resumeTimers.clear();
        await consumer.disconnect();
        progress.forget(group, topic.name);
        openSubscriptions.delete(forClose);
      };
      const forClose = { abandon: () => disconnect(true) };
      openSubscriptions.add(forClose);
      return { stop: () => disconnect(false) };
    },

    async republish(topic: TopicSpec, record: RepublishedRecord): Promise<void> {
      assertOpen();
      await producerConnection.connect();
      await producer.send({ topic: topicName(topic), acks: -1, messages: [{ key: record.key, value: record.value, headers: record.headers }] });
    },

    stalledPartitions: (olderThanMs) => progress.stalled(olderThanMs),

    async ping(): Promise<void> {
      const cluster = async () => {
        await adminConnection.connect();
        await admin.describeCluster();
      };
      const schemaRegistry = async () => {
        const response = await fetch(registryUrl('subjects'), { signal: AbortSignal.timeout(pingTimeoutMs) });
        if (!response.ok) throw new Error(`schema registry answered ${response.status}`);
      };
      await withTimeout(Promise.all([cluster(), schemaRegistry()]), pingTimeoutMs, 'the Kafka cluster or the schema registry did not answer in time');
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all([...openSubscriptions].map((subscription) => subscription.abandon()));
      await Promise.all([producerConnection.disconnect(), adminConnection.disconnect()]);
    },
  };
}

/** Connects on first use and again after a failed attempt; disconnects only what was connected. */
function lazyConnection(connect: () => Promise<void>, disconnect: () => Promise<void>) {
  let connecting: Promise<void> | undefined;
  return {
    connect(): Promise<void> {
      connecting ??= connect().catch((error: unknown) => {
        connecting = undefined;
        throw error;
      });
      return connecting;
    },
    async disconnect(): Promise<void> {
      if (!connecting) return;
      connecting = undefined;
      await disconnect();
    },
  };
}

/**
 * Keeps the group membership alive while a long handler runs. A failed heartbeat
 * (a rebalance started) is left to kafkajs: the commit after the handler then
 * fails, and the records are redelivered to whoever owns the partition.
 */
async function whileHeartbeating<T>(work: Promise<T>, heartbeat: () => Promise<void>): Promise<T> {
  const timer = setInterval(() => heartbeat().catch(() => undefined), HEARTBEAT_INTERVAL_MS);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    // Kafka allows repeated header names; this log writes each once, so the last one wins.
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) decoded[name] = last.toString();
  }
  return decoded;
}

const LEADER_ELECTION_TIMEOUT_MS = 30_000;

/**
 * Waits until every partition of freshly created topics has a leader. kafkajs's own
 * `waitForLeaders` (on unless turned off) retries only LEADER_NOT_AVAILABLE, but a KRaft broker answers
 * UNKNOWN_TOPIC_OR_PARTITION for a moment after its controller created a topic
 * (seen in CI), which made topic creation fail although it had succeeded.
 */
async function untilLeadersElected(admin: Admin, topics: string[]): Promise<void> {
  const deadline = Date.now() + LEADER_ELECTION_TIMEOUT_MS;
  const everyPartitionLed = ({ topics: described }: Awaited<ReturnType<Admin['fetchTopicMetadata']>>) =>
    described.every(({ partitions }) => partitions.length > 0 && partitions.every(({ leader }) => leader >= 0));
  // The two answers of a topic whose creation has not reached this broker yet mean "not yet"; anything else fails.
  const notYetIfPropagating = (error: unknown) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === 'UNKNOWN_TOPIC_OR_PARTITION' || type === 'LEADER_NOT_AVAILABLE') return false;
    throw error;
  };
  while (!(await admin.fetchTopicMetadata({ topics }).then(everyPartitionLed, notYetIfPropagating))) {
    if (Date.now() >= deadline) throw new Error(`topics ${topics.join(', ')} have no leader ${LEADER_ELECTION_TIMEOUT_MS} ms after their creation`);
    await sleep(100);
  }
}

const levelNames = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'debug', // kafkajs narrates every join and connect at info
  [logLevel.DEBUG]: 'debug',
  [logLevel.NOTHING]: 'debug',
} as const;

// kafkajs's messages for UNKNOWN_TOPIC_OR_PARTITION and LEADER_NOT_AVAILABLE (kafkajs/src/protocol/error.js).
const TOPIC_STILL_PROPAGATING = new Set([
  'This server does not host this topic-partition',
  'There is no leader for this topic-partition as we are in the middle of a leadership election',
]);

/**
 * kafkajs logs these at error level although the failure is reported elsewhere:
 * handler failures by eachBatch itself, with their record coordinates; a
 * CreateTopics answer with per-topic errors, which kafkajs logs before createTopics
 * either resolves (every topic already existed: several processes ensured the same
 * topics at once) or rejects to ensureTopics' caller with the real error; and a
 * Metadata answer about a topic whose creation has not reached the broker yet,
 * which its caller retries (untilLeadersElected; kafkajs's producer) and reports
 * only if it lasts.
 */
function isReportedElsewhere(message: string, fields: Record<string, unknown>): boolean {
  if (message === 'Error when calling eachBatch') return true;
  if (message.startsWith('Response Metadata') && TOPIC_STILL_PROPAGATING.has(String(fields.error))) return true;
  return message.startsWith('Response CreateTopics') && fields.error === 'Topic creation errors';
}

/** Sends kafkajs' own logging to our logger instead of the console. */
export function routeKafkaLog(logger: StreamLogLogger, entry: LogEntry): void {
  const { message, ...fields } = entry.log;
  const level = isReportedElsewhere(message, fields) ? 'debug' : levelNames[entry.level];
  logger[level]({ ...fields, kafkajs: entry.namespace }, `kafkajs: ${message}`);
}
