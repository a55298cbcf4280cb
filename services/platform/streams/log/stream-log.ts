// The one narrow interface to the stream log. Two implementations satisfy it with
// the same semantics (one contract suite runs against both):
//  - Kafka: kafkajs + Avro through a Confluent-compatible schema registry;
//  - embedded: durable tables in the embedded database.
// Semantics: records are keyed by organization id; records with the same key keep
// their order (same partition); a consumer group receives batches and commits only
// after its handler resolved; a handler that throws (or a process that dies) gets
// the uncommitted records again. Delivery is therefore at least once: handlers
// deduplicate (see streams/consumed-events.ts).

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
   * topic's current schema. Resolving commits the whole batch; throwing leaves it
   * uncommitted, and the same records come again after a back-off.
   */
  handle: (batch: ConsumedRecord<Value>[]) => Promise<void>;
  /** Upper bound on the records of one handle call (default 500). */
  maxBatchSize?: number;
  /**
   * How many partitions this member handles at once (default 1). Records of one
   * partition stay in order whatever the value; a handler that spends its time
   * in the database gains from overlapping partitions. The embedded log, whose
   * database has one connection, handles one partition at a time regardless.
   */
  partitionsAtOnce?: number;
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
  /** Rejects when the log's backing services do not answer promptly. */
  ping(): Promise<void>;
  /**
   * Releases every connection. Batches still in flight are abandoned uncommitted,
   * as if the process had died, and will be redelivered; call stop() on the
   * subscriptions first to drain them.
   */
  close(): Promise<void>;
}
