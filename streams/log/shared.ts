// Pieces both stream log implementations use, so their semantics cannot drift:
// validation before anything is appended, key-to-partition mapping, schema
// resolution on read, abandoning a batch at close, setting poison records aside,
// backing off after retriable failures, and noticing partitions that stopped moving.
import type { Resolver, Type } from 'avsc';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { AppError, isRetriable, validationFailed } from '../../services/platform/errors.js';
import { systemScope } from '../../services/platform/tenancy.js';
import { invalidPaths } from '../avro.js';
import { describeFailure, type RawStreamRecord, type SetAsideStore } from '../set-aside.js';
import type { ConsumedRecord, OutgoingRecord, StalledPartition, SubscribeOptions, TopicSpec } from './stream-log.js';

type LogFn = (fields: Record<string, unknown>, message: string) => void;

/** The part of a pino logger the stream logs write to. */
export interface StreamLogLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

const ignore: LogFn = () => undefined;
export const silentLogger: StreamLogLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };

export const DEFAULT_MAX_BATCH_SIZE = 500;
export const DEFAULT_MAX_BATCH_BYTES = 8 * 1024 * 1024;

// Kafka's own key-to-partition function (murmur2, as in the Java client): the Kafka
// producer partitions with it, and the embedded log too, so an organization lands
// in the same partition number in both profiles.
const kafkaPartitioner = Partitioners.DefaultPartitioner();
const partitionMetadata = (count: number): PartitionMetadata[] =>
  Array.from({ length: count }, (_, partitionId) => ({ partitionId, partitionErrorCode: 0, leader: 0, replicas: [0], isr: [0] }));

export function partitionForKey(key: string, partitionCount: number): number {
  return kafkaPartitioner({ topic: '', partitionMetadata: partitionMetadata(partitionCount), message: { key, value: null } });
}

/**
 * Refuses the whole publish call when any value does not match the topic's schema,
 * before anything is appended, naming each offending record and field.
 */
export function assertValuesMatchSchema(topic: TopicSpec, type: Type, records: OutgoingRecord<unknown>[]): void {
  const invalidRecords = records.flatMap((record, index) => {
    const fields = invalidPaths(type, record.value);
    return fields.length > 0 ? [{ index, fields }] : [];
  });
  if (invalidRecords.length > 0) {
    throw validationFailed(`values do not match schema ${topic.schema}`, { topic: topic.name, invalid_records: invalidRecords });
  }
}

/**
 * Decodes values written with any version of the reader's schema that the reader
 * can resolve (backward compatible evolution), so consumers always see the shape
 * of the schema file they were built with. Each writer schema is resolved once.
 * A failed lookup of the writer schema is retriable (the registry or the database
 * may be briefly away: setting every record aside then would be wrong); a writer
 * schema the reader cannot resolve, or a value that does not decode, is not.
 */
export function createResolvingDecoder<WriterId>(reader: Type, writerSchema: (id: WriterId) => Promise<Type>) {
  const resolvers = new Map<WriterId, Promise<Resolver>>();
  const lookUp = (writerId: WriterId) =>
    writerSchema(writerId).catch((error: unknown) => {
      throw new AppError('unavailable', `the writer schema ${String(writerId)} could not be looked up`, { retriable: true, cause: error });
    });
  return async (writerId: WriterId, payload: Buffer): Promise<unknown> => {
    let resolver = resolvers.get(writerId);
    if (!resolver) {
      resolver = lookUp(writerId).then((writer) => reader.createResolver(writer));
      resolvers.set(writerId, resolver);
      // A failed lookup (registry briefly down) must not be remembered.
      resolver.catch(() => resolvers.delete(writerId));
    }
    return reader.fromBuffer(payload, await resolver);
  };
}

/** What a batch whose handler was cut off by close() rejects with; it is never committed. */
export class BatchAbandonedError extends Error {
  constructor() {
    super('batch abandoned: the stream log was closed while its handler ran');
    this.name = 'BatchAbandonedError';
  }
}

/**
 * Settles like `work`, unless `signal` aborts first: then rejects at once with
 * BatchAbandonedError. The work itself cannot be cancelled; its outcome is ignored.
 */
export function unlessAbandoned<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new BatchAbandonedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new BatchAbandonedError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface BatchCoordinates {
  group: string;
  topic: string;
  partition: number;
  firstOffset: string;
  lastOffset: string;
}

/**
 * A batch that failed with a retriable error (or whose set-aside store failed) is
 * redelivered after a back-off: logged as a warning with its coordinates and cause.
 * A non-retriable error never comes here: its record is set aside instead.
 */
export function reportHandlerFailure(logger: StreamLogLogger, error: unknown, batch: BatchCoordinates, retryInMs: number): void {
  logger.warn({ ...batch, retryInMs, err: error }, 'stream batch handler failed; the partition backs off and the batch will be redelivered');
}

/** Doubles from 100 ms after each consecutive failure of a partition, up to `cap`. */
export function retryBackoffMs(consecutiveFailures: number, cap: number): number {
  return Math.min(cap, 100 * 2 ** Math.max(0, consecutiveFailures - 1));
}

interface PartitionBatch<Value> {
  group: string;
  topic: string;
  partition: number;
  records: RawStreamRecord[];
  decode: (record: RawStreamRecord) => Promise<Value>;
  /** The subscription's handler, wrapped as the implementation needs (abandonment, heartbeats). */
  handle: (batch: ConsumedRecord<Value>[]) => Promise<void>;
  onSetAside?: SubscribeOptions<Value>['onSetAside'];
  setAside: SetAsideStore;
  logger: StreamLogLogger;
}

const settingAside = systemScope('set-aside-stream-records');

/**
 * Hands a partition's batch to its handler so that no record can stall the
 * partition. A record that cannot be decoded with a non-retriable error is set
 * aside before the handler sees the batch. When the handler fails with an error
 * retrying cannot cure, the batch is split in halves and each half handled again,
 * down to the single record that fails, which is set aside (with the error, its
 * coordinates and its bytes) while the records around it are handled: a poison
 * record among n costs about 2·log2(n) more handler calls. Resolves once every
 * record is handled or set aside, so the whole batch may be committed. Rejects
 * with a retriable error (or BatchAbandonedError): nothing of the batch may be
 * committed, and the records already handled come again (handlers deduplicate).
 */
export async function deliverIsolatingPoison<Value>(batch: PartitionBatch<Value>): Promise<void> {
  const decoded: { raw: RawStreamRecord; record: ConsumedRecord<Value> }[] = [];
  for (const raw of batch.records) {
    let value: Value;
    try {
      value = await batch.decode(raw);
    } catch (error) {
      if (isRetriable(error)) throw error;
      await setAside(batch, raw, undefined, error);
      continue;
    }
    decoded.push({ raw, record: { topic: batch.topic, partition: raw.partition, offset: raw.offset, key: raw.key, value, headers: raw.headers } });
  }
  await handleIsolating(batch, decoded);
}

async function handleIsolating<Value>(batch: PartitionBatch<Value>, items: { raw: RawStreamRecord; record: ConsumedRecord<Value> }[]): Promise<void> {
  if (items.length === 0) return;
  try {
    await batch.handle(items.map((item) => item.record));
    return;
  } catch (error) {
    if (error instanceof BatchAbandonedError || isRetriable(error)) throw error;
    const [only] = items;
    if (only && items.length === 1) {
      await setAside(batch, only.raw, only.record, error);
      return;
    }
  }
  const middle = Math.ceil(items.length / 2);
  await handleIsolating(batch, items.slice(0, middle));
  await handleIsolating(batch, items.slice(middle));
}

async function setAside<Value>(batch: PartitionBatch<Value>, raw: RawStreamRecord, record: ConsumedRecord<Value> | undefined, error: unknown): Promise<void> {
  const { group, topic, logger } = batch;
  const failure = describeFailure(error);
  await batch.setAside.add(settingAside, { ...raw, group, topic, ...failure });
  // Coordinates and the error only: a value can hold secrets.
  logger.error(
    { group, topic, partition: raw.partition, offset: raw.offset, errorCode: failure.errorCode, err: error },
    'stream record set aside: its handler failed with an error retrying cannot cure; the partition goes on',
  );
  if (!record || !batch.onSetAside) return;
  try {
    await batch.onSetAside(record, error);
  } catch (hookError) {
    // A retriable failure redelivers the batch (setting aside again changes nothing); any other is only reported.
    if (hookError instanceof BatchAbandonedError || isRetriable(hookError)) throw hookError;
    logger.error({ group, topic, partition: raw.partition, offset: raw.offset, err: hookError }, 'the set-aside hook of a stream processor failed');
  }
}

/**
 * Remembers, per consumer group and partition, since when records have been
 * handed over without the group's committed offset moving. A partition that
 * commits is forgotten; one that keeps failing (or whose handler hangs) ages.
 */
export function createProgressTracker(now: () => number = Date.now) {
  const waitingSince = new Map<string, { group: string; topic: string; partition: number; since: number }>();
  const keyOf = (group: string, topic: string, partition: number) => JSON.stringify([group, topic, partition]);
  return {
    delivering(group: string, topic: string, partition: number): void {
      const key = keyOf(group, topic, partition);
      if (!waitingSince.has(key)) waitingSince.set(key, { group, topic, partition, since: now() });
    },
    committed(group: string, topic: string, partition: number): void {
      waitingSince.delete(keyOf(group, topic, partition));
    },
    /**
     * The subscription ended, or (given the partitions it still holds) lost some in
     * a rebalance: the records waiting there are no longer its own.
     */
    forget(group: string, topic: string, keeping: ReadonlySet<number> = new Set()): void {
      for (const [key, entry] of waitingSince) {
        if (entry.group === group && entry.topic === topic && !keeping.has(entry.partition)) waitingSince.delete(key);
      }
    },
    stalled(olderThanMs: number): StalledPartition[] {
      const current = now();
      return [...waitingSince.values()]
        .filter((entry) => current - entry.since >= olderThanMs)
        .map(({ group, topic, partition, since }) => ({ group, topic, partition, stalledForMs: current - since }));
    },
  };
}

/** Consecutive batches of at most maxCount items, each ending with the item whose bytes reach maxBytes. */
export function batchesOf<Item>(items: readonly Item[], maxCount: number, maxBytes: number, bytesOf: (item: Item) => number): Item[][] {
  const batches: Item[][] = [];
  let current: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    current.push(item);
    bytes += bytesOf(item);
    if (current.length === maxCount || bytes >= maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function chunk<Item>(items: Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
