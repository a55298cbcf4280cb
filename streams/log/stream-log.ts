// The one narrow interface to the stream log. Two implementations satisfy it with
// the same semantics (one contract suite runs against both):
//  - Kafka: kafkajs + Avro through a Confluent-compatible schema registry;
//  - embedded: durable tables in the embedded database.
// Semantics: records are keyed by organization id; records with the same key keep
// their order (same partition); a consumer group receives batches and commits only
// after its handler resolved; a handler that throws a retriable error (or a process
// that dies) gets the uncommitted records again, after a back-off of that partition
// alone. Delivery is therefore at least once: handlers deduplicate (see
// streams/consumed-events.ts). A record whose handler fails with an error retrying
// cannot cure is set aside (streams/set-aside.ts) and the partition goes on.

export interface TopicSpec {
  /** Logical name, without the deployment's topic prefix. */
  name: string;
  /** Avro schema file in schemas/, without extension, describing every value on this topic. */
  schema: string;
}

export interface OutgoingRecord<Value> {
  /** Partitioning key: the organization id, so one organization's records stay ordered. */
  key: string;
  value: Value;
  headers?: Record<string, string>;
}

export interface ConsumedRecord<Value> extends OutgoingRecord<Value> {
  /** The logical topic name (TopicSpec.name), without the deployment's prefix. */
  topic: string;
  partition: number;
  offset: string;
  /** Empty when the record was published without headers. */
  headers: Record<string, string>;
}

export interface SubscribeOptions<Value> {
  /** A group that never committed starts at the oldest record of each partition. */
  group: string;
  topic: TopicSpec;
  /**
   * Receives the records of one partition, in offset order, decoded with the
   * topic's current schema. Resolving commits the whole batch. Throwing a
   * retriable error (errors.ts, isRetriable) leaves it uncommitted, and the same
   * records come again after a back-off of this partition. Throwing any other
   * error hands the batch over again in smaller parts until the failing record
   * is found; it is set aside and the rest is handled.
   */
  handle: (batch: ConsumedRecord<Value>[]) => Promise<void>;
  /**
   * Called after a record was set aside, with the error its handler threw, so the
   * processor can record what the record's loss means (the findings processor
   * fails the record's scan). A record that could not even be decoded is set aside
   * without this call. A retriable failure of the hook redelivers the batch.
   */
  onSetAside?: (record: ConsumedRecord<Value>, error: unknown) => Promise<void>;
  /** Upper bound on the records of one handle call (default 500). */
  maxBatchSize?: number;
  /**
   * Upper bound on the encoded bytes of one handle call's values (default 8 MiB):
   * a batch ends with the record that reaches it, so a record larger than the bound
   * still goes, alone. Records of many observations are few and large.
   */
  maxBatchBytes?: number;
  /**
   * How many partitions this member handles at once (default 1). Records of one
   * partition stay in order whatever the value; a handler that spends its time
   * in the database gains from overlapping partitions. The embedded log, whose
   * database has one connection, handles one partition at a time regardless.
   */
  partitionsAtOnce?: number;
}

/** A partition whose group has been handed records without its committed offset moving. */
export interface StalledPartition {
  group: string;
  topic: string;
  partition: number;
  stalledForMs: number;
}

/** A record to append again as it was set aside: its value undecoded, with its writer schema reference. */
export interface RepublishedRecord {
  key: string;
  value: Buffer;
  valueSchema: string;
  headers: Record<string, string>;
}

export interface Subscription {
  /** Stops fetching, lets the batch in flight finish (and commit), then resolves. */
  stop(): Promise<void>;
}

export interface StreamLog {
  readonly kind: 'kafka' | 'embedded';
  /** Creates the topics (with the configured partition count) when missing; idempotent. */
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /**
   * Resolves once every record is durably appended to the (ensured) topic. Rejects
   * with a validation_failed AppError, appending nothing, when any value does not
   * match the topic's schema.
   */
  publish<Value>(topic: TopicSpec, records: OutgoingRecord<Value>[]): Promise<void>;
  subscribe<Value>(options: SubscribeOptions<Value>): Promise<Subscription>;
  /**
   * Appends a set-aside record again, byte for byte, at the end of its key's
   * partition: every group of the topic receives it once more (handlers deduplicate).
   */
  republish(topic: TopicSpec, record: RepublishedRecord): Promise<void>;
  /**
   * The partitions of this process's subscriptions that have had records handed
   * to their handler for at least `olderThanMs` without committing any.
   */
  stalledPartitions(olderThanMs: number): StalledPartition[];
  /** Rejects when the log's backing services do not answer promptly. */
  ping(): Promise<void>;
  /**
   * Releases every connection. Batches still in flight are abandoned uncommitted,
   * as if the process had died, and will be redelivered; call stop() on the
   * subscriptions first to drain them.
   */
  close(): Promise<void>;
}
