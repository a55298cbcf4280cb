// Pieces both stream log implementations use, so their semantics cannot drift:
// validation before anything is appended, key-to-partition mapping, schema
// resolution on read, abandoning a batch at close, and how a failed handler is
// reported.
import type { Resolver, Type } from 'avsc';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { isRetriable, validationFailed } from '../../errors.js';
import { invalidPaths } from '../avro.js';
import type { OutgoingRecord, TopicSpec } from './stream-log.js';

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
 */
export function createResolvingDecoder<WriterId>(reader: Type, writerSchema: (id: WriterId) => Promise<Type>) {
  const resolvers = new Map<WriterId, Promise<Resolver>>();
  return async (writerId: WriterId, payload: Buffer): Promise<unknown> => {
    let resolver = resolvers.get(writerId);
    if (!resolver) {
      resolver = writerSchema(writerId).then((writer) => reader.createResolver(writer));
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

export interface BatchCoordinates {
  group: string;
  topic: string;
  partition: number;
  firstOffset: string;
  lastOffset: string;
}

/**
 * Every failed batch is retried until it succeeds. A non-retriable error will most
 * likely fail again (a poison record): it is logged as an error with the record
 * coordinates so an operator can find it; parking such records is not built yet.
 */
export function reportHandlerFailure(logger: StreamLogLogger, error: unknown, batch: BatchCoordinates): void {
  const fields = { ...batch, err: error };
  if (isRetriable(error)) {
    logger.warn(fields, 'stream batch handler failed; the batch will be redelivered');
  } else {
    logger.error(fields, 'stream batch handler failed with a non-retriable error; the batch stays uncommitted and will be redelivered until it succeeds');
  }
}

export function chunk<Item>(items: Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
