// The stream log of the embedded (single-process) profile: topics, partitions,
// offsets and consumer-group commits kept durably in the embedded database
// (tables in services/platform/db/migrations/002_stream_log.sql). It has the
// semantics of the Kafka implementation, and the same contract suite runs on
// both. It also runs on plain PostgreSQL, as the contract suite checks.
import type { Database, Queryable } from '../../services/platform/db/database.js';
import { loadSchema, parseSchema, schemaDefinition } from '../avro.js';
import { createSetAsideStore, type RawStreamRecord, type SetAsideStore } from '../set-aside.js';
import {
  assertValuesMatchSchema,
  BatchAbandonedError,
  chunk,
  createProgressTracker,
  createResolvingDecoder,
  DEFAULT_MAX_BATCH_BYTES,
  DEFAULT_MAX_BATCH_SIZE,
  deliverIsolatingPoison,
  partitionForKey,
  reportHandlerFailure,
  retryBackoffMs,
  silentLogger,
  unlessAbandoned,
  type StreamLogLogger,
} from './shared.js';
import type { OutgoingRecord, RepublishedRecord, StreamLog, Subscription, SubscribeOptions, TopicSpec } from './stream-log.js';

interface EmbeddedStreamLogOptions {
  db: Database;
  /** Partition count of topics this log creates. */
  partitions: number;
  logger?: StreamLogLogger;
  /** Where poison records go (default: the stream_set_aside_records table of `db`). */
  setAside?: SetAsideStore;
  /** How long an idle subscription waits before looking for new records again (default 50 ms). */
  pollIntervalMs?: number;
  /** Cap of the exponential back-off of a partition after failed batches (default 5 s). */
  maxRetryBackoffMs?: number;
  /**
   * Bounds the work one transaction holds the database for (default: none): each
   * subscription's batches end with the record that reaches this many encoded bytes,
   * whatever its own bound, and publish appends in transactions that end the same
   * way. For the embedded database, whose one connection serves requests too
   * (composition.ts).
   */
  bytesPerTransaction?: number;
}

// Bounds one INSERT statement well below PostgreSQL's 65,535 parameters.
const RECORDS_PER_INSERT = 1_000;

// Kafka divides a group's partitions among its members; this log does not. So a
// process runs at most one subscription per (group, topic) on a database, and
// the embedded profile is a single process. Keyed by database so that a log
// re-opened on the same database (a restart in tests) shares the rule.
const subscribedGroups = new WeakMap<Database, Set<string>>();

interface EncodedRecord {
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

interface RecordRow {
  offset: string;
  key: string;
  value: Uint8Array;
  value_schema: string;
  headers: Record<string, string>;
}

type PollOutcome = 'caught-up' | 'more-waiting' | 'abandoned';

export function createEmbeddedStreamLog(options: EmbeddedStreamLogOptions): StreamLog {
  const { db, partitions } = options;
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const maxRetryBackoffMs = options.maxRetryBackoffMs ?? 5_000;
  const setAsideStore = options.setAside ?? createSetAsideStore({ db });
  const progress = createProgressTracker();
  const partitionCounts = new Map<string, number>();
  const storedSchemas = new Map<string, Promise<string>>();
  const openSubscriptions = new Set<{ abandon(): Promise<void> }>();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('the stream log is closed');
  };

  async function partitionCount(topic: string): Promise<number> {
    const known = partitionCounts.get(topic);
    if (known !== undefined) return known;
    const { rows } = await db.query<{ partitions: number }>('SELECT partitions FROM stream_topics WHERE topic = $1', [topic]);
    const count = rows[0]?.partitions;
    if (count === undefined) throw new Error(`topic "${topic}" does not exist; ensureTopics creates it`);
    partitionCounts.set(topic, count);
    return count;
  }

  /** Stores the writer schema of a topic once per process; answers its fingerprint. */
  function storeWriterSchema(schemaName: string): Promise<string> {
    let stored = storedSchemas.get(schemaName);
    if (!stored) {
      const fingerprint = loadSchema(schemaName).fingerprint('sha256').toString('hex');
      stored = db
        .query('INSERT INTO stream_value_schemas (fingerprint, definition) VALUES ($1, $2) ON CONFLICT (fingerprint) DO NOTHING', [
          fingerprint,
          schemaDefinition(schemaName),
        ])
        .then(() => fingerprint);
      storedSchemas.set(schemaName, stored);
      stored.catch(() => storedSchemas.delete(schemaName));
    }
    return stored;
  }

  async function writerSchema(fingerprint: string) {
    const { rows } = await db.query<{ definition: string }>('SELECT definition FROM stream_value_schemas WHERE fingerprint = $1', [fingerprint]);
    const definition = rows[0]?.definition;
    if (definition === undefined) throw new Error(`unknown writer schema ${fingerprint}`);
    return parseSchema(definition);
  }

  async function append(tx: Queryable, topic: string, partition: number, fingerprint: string, records: EncodedRecord[]) {
    // The row lock taken here is held until commit: a concurrent publisher of this
    // partition waits, so offsets are dense and become visible in offset order.
    const { rows } = await tx.query<{ first_offset: string }>(
      'UPDATE stream_partitions SET next_offset = next_offset + $3 WHERE topic = $1 AND partition = $2 RETURNING (next_offset - $3)::text AS first_offset',
      [topic, partition, records.length],
    );
    const firstOffset = rows[0]?.first_offset;
    if (firstOffset === undefined) throw new Error(`partition ${partition} of topic "${topic}" does not exist`);
    let offset = BigInt(firstOffset);
    for (const slice of chunk(records, RECORDS_PER_INSERT)) {
      const params: unknown[] = [topic, partition, fingerprint];
      const tuples = slice.map((record) => {
        params.push((offset++).toString(), record.key, record.value, JSON.stringify(record.headers));
        const n = params.length;
        return `($1, $2, $${n - 3}::bigint, $${n - 2}, $${n - 1}, $3, $${n}::jsonb)`;
      });
      await tx.query(
        `INSERT INTO stream_records (topic, partition, record_offset, key, value, value_schema, headers) VALUES ${tuples.join(', ')}`,
        params,
      );
    }
  }

  return {
    kind: 'embedded',

    async ensureTopics(topics: TopicSpec[]): Promise<void> {
      assertOpen();
      await db.transaction(async (tx) => {
        for (const topic of topics) {
          await tx.query('INSERT INTO stream_topics (topic, partitions) VALUES ($1, $2) ON CONFLICT (topic) DO NOTHING', [topic.name, partitions]);
          // An existing topic keeps its partition count: changing it would move keys between partitions.
          await tx.query(
            `INSERT INTO stream_partitions (topic, partition)
             SELECT topic, generate_series(0, partitions - 1) FROM stream_topics WHERE topic = $1
             ON CONFLICT (topic, partition) DO NOTHING`,
            [topic.name],
          );
        }
      });
    },

    async publish<Value>(topic: TopicSpec, records: OutgoingRecord<Value>[]): Promise<void> {
      assertOpen();
      if (records.length === 0) return;
      const type = loadSchema(topic.schema);
      assertValuesMatchSchema(topic, type, records);
      const [fingerprint, count] = await Promise.all([storeWriterSchema(topic.schema), partitionCount(topic.name)]);
      const byPartition = new Map<number, EncodedRecord[]>();
      for (const record of records) {
        const partition = partitionForKey(record.key, count);
        const ofPartition = byPartition.get(partition) ?? [];
        ofPartition.push({ key: record.key, value: type.toBuffer(record.value), headers: record.headers ?? {} });
        byPartition.set(partition, ofPartition);
      }
      // Partitions are locked in ascending order, so two publishers never wait on each other in a cycle.
      const ascending = [...byPartition].sort(([a], [b]) => a - b);
      if (options.bytesPerTransaction === undefined) {
        await db.transaction(async (tx) => {
          for (const [partition, partitionRecords] of ascending) await append(tx, topic.name, partition, fingerprint, partitionRecords);
        });
        return;
      }
      // In bounded transactions, each partition's records in order. A failure part-way leaves
      // the first parts appended, as a Kafka producer's failed send does: the outbox relay
      // publishes the batch again (at least once), and consumers deduplicate.
      for (const [partition, partitionRecords] of ascending) {
        for (const part of partsOfBytes(partitionRecords, options.bytesPerTransaction)) {
          await db.transaction((tx) => append(tx, topic.name, partition, fingerprint, part));
        }
      }
    },

    async subscribe<Value>({ group, topic, handle, onSetAside, maxBatchSize = DEFAULT_MAX_BATCH_SIZE, maxBatchBytes: ownMaxBatchBytes = DEFAULT_MAX_BATCH_BYTES }: SubscribeOptions<Value>): Promise<Subscription> {
      assertOpen();
      const maxBatchBytes = Math.min(ownMaxBatchBytes, options.bytesPerTransaction ?? Number.POSITIVE_INFINITY);
      await partitionCount(topic.name);
      const groupsOnThisDatabase = subscribedGroups.get(db) ?? new Set<string>();
      subscribedGroups.set(db, groupsOnThisDatabase);
      const claim = JSON.stringify([group, topic.name]);
      if (groupsOnThisDatabase.has(claim)) {
        throw new Error(`group "${group}" already consumes topic "${topic.name}" in this process; the embedded log runs one subscription per group and topic`);
      }
      groupsOnThisDatabase.add(claim);

      const decoder = createResolvingDecoder(loadSchema(topic.schema), writerSchema);
      const decode = async (record: RawStreamRecord) => (await decoder(record.valueSchema, record.value)) as Value;
      const abandonment = new AbortController();
      // Per partition: consecutive failed batches, and when the partition may be tried again.
      const backoff = new Map<number, { failures: number; retryAt: number }>();
      let stopping = false;
      let wake = (): void => undefined;
      const pause = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wake = () => undefined;
            resolve();
          }
          wake = done;
        });

      const toRawRecord = (partition: number, row: RecordRow): RawStreamRecord => ({
        partition,
        offset: row.offset,
        key: row.key,
        value: Buffer.from(row.value.buffer, row.value.byteOffset, row.value.byteLength),
        valueSchema: row.value_schema,
        headers: row.headers,
      });

      /**
       * Hands one batch of each partition with uncommitted records to the handler,
       * skipping partitions that back off after a failure: those never hold up the others.
       */
      async function pollOnce(): Promise<PollOutcome> {
        const { rows: behind } = await db.query<{ partition: number; next_offset: string }>(
          `SELECT p.partition, COALESCE(g.next_offset, 0)::text AS next_offset
             FROM stream_partitions p
             LEFT JOIN stream_group_offsets g ON g.consumer_group = $1 AND g.topic = p.topic AND g.partition = p.partition
            WHERE p.topic = $2 AND p.next_offset > COALESCE(g.next_offset, 0)
            ORDER BY p.partition`,
          [group, topic.name],
        );
        let outcome: PollOutcome = 'caught-up';
        for (const { partition, next_offset: nextOffset } of behind) {
          if (stopping) break;
          const failing = backoff.get(partition);
          if (failing && failing.retryAt > Date.now()) continue;
          // The batch ends with the record whose bytes reach maxBatchBytes (the first one whatever its size).
          const { rows } = await db.query<RecordRow & { bytes_before: string }>(
            `SELECT "offset", key, value, value_schema, headers, bytes_before FROM (
               SELECT record_offset, record_offset::text AS "offset", key, value, value_schema, headers,
                      sum(octet_length(value)) OVER (ORDER BY record_offset) - octet_length(value) AS bytes_before
                 FROM stream_records
                WHERE topic = $1 AND partition = $2 AND record_offset >= $3::bigint
                ORDER BY record_offset LIMIT $4) AS next_records
              WHERE bytes_before < $5
              ORDER BY record_offset`,
            [topic.name, partition, nextOffset, maxBatchSize, maxBatchBytes],
          );
          const firstOffset = rows[0]?.offset;
          const lastOffset = rows.at(-1)?.offset;
          if (firstOffset === undefined || lastOffset === undefined) continue;
          progress.delivering(group, topic.name, partition);
          try {
            await deliverIsolatingPoison({
              group,
              topic: topic.name,
              partition,
              records: rows.map((row) => toRawRecord(partition, row)),
              decode,
              handle: (batch) => unlessAbandoned(handle(batch), abandonment.signal),
              onSetAside,
              setAside: setAsideStore,
              logger,
            });
          } catch (error) {
            if (abandonment.signal.aborted || error instanceof BatchAbandonedError) return 'abandoned';
            const failures = (failing?.failures ?? 0) + 1;
            const retryInMs = retryBackoffMs(failures, maxRetryBackoffMs);
            backoff.set(partition, { failures, retryAt: Date.now() + retryInMs });
            reportHandlerFailure(logger, error, { group, topic: topic.name, partition, firstOffset, lastOffset }, retryInMs);
            continue;
          }
          backoff.delete(partition);
          // GREATEST: a late commit (a batch that finished just as its log was closed) never moves the group back.
          await db.query(
            `INSERT INTO stream_group_offsets (consumer_group, topic, partition, next_offset) VALUES ($1, $2, $3, $4::bigint + 1)
             ON CONFLICT (consumer_group, topic, partition)
             DO UPDATE SET next_offset = GREATEST(stream_group_offsets.next_offset, EXCLUDED.next_offset), committed_at = now()`,
            [group, topic.name, partition, lastOffset],
          );
          progress.committed(group, topic.name, partition);
          const batchBytes = Number(rows.at(-1)!.bytes_before) + rows.at(-1)!.value.length;
          if (rows.length === maxBatchSize || batchBytes >= maxBatchBytes) outcome = 'more-waiting';
        }
        return outcome;
      }

      async function run(): Promise<void> {
        let failedPolls = 0;
        while (!stopping) {
          let outcome: PollOutcome;
          try {
            outcome = await pollOnce();
            failedPolls = 0;
          } catch (error) {
            failedPolls += 1;
            const retryInMs = retryBackoffMs(failedPolls, maxRetryBackoffMs);
            logger.warn({ err: error, group, topic: topic.name, retryInMs }, 'embedded stream log poll failed; retrying');
            await pause(retryInMs);
            continue;
          }
          if (outcome === 'abandoned') return;
          if (outcome === 'caught-up') await pause(pollIntervalMs);
        }
      }

      const endLoop = async (abandon: boolean): Promise<void> => {
        stopping = true;
        if (abandon) abandonment.abort();
        wake();
        await running;
      };
      const forClose = { abandon: () => endLoop(true) };
      openSubscriptions.add(forClose);
      const running = run().finally(() => {
        progress.forget(group, topic.name);
        groupsOnThisDatabase.delete(claim);
        openSubscriptions.delete(forClose);
      });
      return { stop: () => endLoop(false) };
    },

    async republish(topic: TopicSpec, record: RepublishedRecord): Promise<void> {
      assertOpen();
      const partition = partitionForKey(record.key, await partitionCount(topic.name));
      await db.transaction((tx) => append(tx, topic.name, partition, record.valueSchema, [{ key: record.key, value: record.value, headers: record.headers }]));
    },

    stalledPartitions: (olderThanMs) => progress.stalled(olderThanMs),

    // The log is rows of the embedded database, so it is up when the database is. Not a
    // query: the database has one connection, and a readiness probe queued behind a
    // large scan's transaction timed out and answered 503 while everything worked.
    async ping(): Promise<void> {
      assertOpen();
      await db.ping();
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all([...openSubscriptions].map((subscription) => subscription.abandon()));
    },
  };
}

/** Consecutive parts, each ending with the record whose value reaches `bytes` (so a larger record goes alone). */
function partsOfBytes(records: EncodedRecord[], bytes: number): EncodedRecord[][] {
  const parts: EncodedRecord[][] = [];
  let part: EncodedRecord[] = [];
  let partBytes = 0;
  for (const record of records) {
    part.push(record);
    partBytes += record.value.length;
    if (partBytes >= bytes) {
      parts.push(part);
      part = [];
      partBytes = 0;
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
