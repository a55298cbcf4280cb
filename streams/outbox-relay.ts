import { randomUUID } from 'node:crypto';
import type { Database } from '../services/platform/db/database.js';
import { AppError } from '../services/platform/errors.js';
import type { Logger } from '../services/platform/logger.js';
import { createPollingLoop } from '../services/platform/polling-loop.js';
import type { StreamLog, TopicSpec } from './log/stream-log.js';
import { allTopics } from './topics.js';
import type { SystemScope } from '../services/platform/tenancy.js';

interface OutboxRelayOptions {
  db: Database;
  log: StreamLog;
  logger: Logger;
  /** Records per batch; a packed row is never split, so a batch may hold more. */
  batchSize?: number;
  /** Bytes of stored values per batch, checked like batchSize: records that carry many observations each are few but large. */
  batchBytes?: number;
  pollIntervalMs?: number;
  /** How long a claimed batch is reserved; a relay that dies mid-batch loses its claim after this. */
  leaseMs?: number;
  /** Published rows are kept this long for inspection, then deleted. */
  retentionMs?: number;
}

interface ClaimedRow {
  seq: number;
  org_id: string;
  topic: string;
  /** A packed row's value is the array of its records. */
  value: unknown;
  packed: boolean;
}

/**
 * Moves committed outbox rows to the stream log. Claiming, publishing and marking
 * are three steps with no network call inside a transaction: a crash after
 * publishing and before marking republishes the batch, which consumers absorb by
 * deduplicating on event id (at least once, never lost, never invented).
 * Any number of relays may run; one holds the leader lease and publishes, in
 * outbox order, so one organization's records reach the log in the order they
 * were written. The others stand by and take over when the lease runs out.
 */
export function createOutboxRelay(_scope: SystemScope, options: OutboxRelayOptions) {
  const { db, log, logger } = options;
  // Each batch pays four round trips (lead, claim, publish, mark) whatever its size:
  // at 500 records the relay, not the processors, bounded ingest (about 8,000 records
  // a second, each finding of a scan being two records: its observation and its event).
  const batchSize = options.batchSize ?? 5_000;
  const batchBytes = options.batchBytes ?? 16 * 1024 * 1024;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const leaseMs = options.leaseMs ?? 30_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  const topicsByName = new Map<string, TopicSpec>(allTopics.map((t) => [t.name, t]));
  const relayId = randomUUID();

  // Takes or renews the leader lease and, only if this relay holds it, claims the oldest
  // pending rows up to batchSize records and batchBytes (the first row whatever its size), in one
  // statement: a relay that does not lead claims nothing. The claim conditions, checked
  // again under each row's lock, keep a relay whose lease lapsed mid-claim from taking
  // rows twice. The candidates are materialized first: as a subquery of the UPDATE the
  // planner, blind to a table whose rows come and go, ran them again for every pending row.
  // The chosen rows reach the update as one array of keys: joined to the candidates, the
  // planner (expecting one row of each) compared every pending row with every candidate,
  // 0.5 to 2.8 s a claim with 3,500 rows pending (auto_explain during the ingest benchmark).
  // A row's bytes are its value's stored size, read from the row without fetching the value:
  // values are stored uncompressed (migration 042), so that is the JSON text's length (plus a
  // header of a few bytes). Measured as the text (octet_length(value::text)), each claim read
  // back every pending value, up to 5,000 of them: 210 ms a claim with 4,000 imports pending.
  // drained: the claim took every pending row, none left behind by the batch's bounds.
  async function leadAndClaim(): Promise<{ rows: ClaimedRow[]; drained: boolean }> {
    const result = await db.query<ClaimedRow & { drained: boolean }>(
      `WITH leader AS (
         INSERT INTO outbox_relay_leader (singleton, holder, expires_at)
         VALUES (true, $3, now() + make_interval(secs => $2::double precision / 1000))
         ON CONFLICT (singleton) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
          WHERE outbox_relay_leader.holder = excluded.holder OR outbox_relay_leader.expires_at < now()
         RETURNING holder
       ), candidates AS MATERIALIZED (
         SELECT seq, record_count, sum(record_count) OVER (ORDER BY seq) - record_count AS records_before,
                bytes, sum(bytes) OVER (ORDER BY seq) - bytes AS bytes_before
           FROM (SELECT seq, record_count, pg_column_size(value) AS bytes FROM outbox_events
                  WHERE published_at IS NULL AND failed_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
                    AND EXISTS (SELECT 1 FROM leader)
                  ORDER BY seq LIMIT $1) AS pending
       ), chosen AS (
         SELECT seq FROM candidates c WHERE c.records_before = 0 OR (c.records_before + c.record_count <= $1 AND c.bytes_before + c.bytes <= $4)
       )
       UPDATE outbox_events o SET claimed_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE o.seq = ANY (ARRAY(SELECT seq FROM chosen))
          AND o.published_at IS NULL AND o.failed_at IS NULL AND (o.claimed_until IS NULL OR o.claimed_until < now())
        RETURNING o.seq, o.org_id, o.topic, o.value, o.packed,
                  (SELECT count(*) FROM candidates) = (SELECT count(*) FROM chosen) AND (SELECT count(*) FROM candidates) < $1 AS drained`,
      [batchSize, leaseMs, relayId, batchBytes],
    );
    return { rows: result.rows.sort((a, b) => a.seq - b.seq), drained: result.rows[0]?.drained ?? true };
  }

  /** Relays one batch if this relay leads; resolves with how many records were published. */
  async function runOnce(): Promise<number> {
    return (await relayBatch()).records;
  }

  /** One batch, and whether it took every pending row: whether the relay may sleep after it. */
  async function relayBatch(): Promise<{ records: number; drained: boolean }> {
    const { rows, drained } = await leadAndClaim();
    if (rows.length === 0) return { records: 0, drained: true };
    const byTopic = new Map<string, ClaimedRow[]>();
    for (const row of rows) {
      const list = byTopic.get(row.topic);
      if (list) list.push(row);
      else byTopic.set(row.topic, [row]);
    }
    const parked: ClaimedRow[] = [];
    for (const [topicName, topicRows] of byTopic) {
      const topic = topicsByName.get(topicName);
      if (!topic) {
        parked.push(...topicRows);
        await park(topicRows, `unknown topic ${topicName}`);
        continue;
      }
      parked.push(...(await publishOrPark(topic, topicRows)));
    }
    const published = rows.filter((row) => !parked.includes(row));
    await db.query('UPDATE outbox_events SET published_at = now(), claimed_until = NULL WHERE seq = ANY($1::bigint[])', [published.map((r) => r.seq)]);
    return { records: published.reduce((records, row) => records + recordsOf(row).length, 0), drained };
  }

  // The log validates every value before appending any, so a refused batch
  // appended nothing: publish its rows one by one to find and park the bad ones.
  async function publishOrPark(topic: TopicSpec, rows: ClaimedRow[]): Promise<ClaimedRow[]> {
    try {
      await log.publish(topic, rows.flatMap(recordsOf));
      return [];
    } catch (error) {
      if (!isRefusedValue(error)) throw error;
    }
    const refused: ClaimedRow[] = [];
    for (const row of rows) {
      try {
        await log.publish(topic, recordsOf(row));
      } catch (error) {
        if (!isRefusedValue(error)) throw error;
        refused.push(row);
        await park([row], (error as AppError).message);
      }
    }
    return refused;
  }

  async function park(rows: ClaimedRow[], reason: string): Promise<void> {
    logger.error({ seqs: rows.map((r) => r.seq), reason }, 'outbox rows refused by the stream log; parked');
    await db.query('UPDATE outbox_events SET failed_at = now(), last_error = $2, claimed_until = NULL WHERE seq = ANY($1::bigint[])', [
      rows.map((r) => r.seq),
      reason.slice(0, 2_000),
    ]);
  }

  async function prunePublished(): Promise<void> {
    await db.query('DELETE FROM outbox_events WHERE published_at < now() - make_interval(secs => $1::double precision / 1000)', [retentionMs]);
  }

  let lastPrune = 0;
  const loop = createPollingLoop({
    pollIntervalMs,
    logger,
    failureMessage: 'outbox relay batch failed; retrying',
    tick: async () => {
      const batch = await relayBatch();
      if (Date.now() - lastPrune > 60_000) {
        await prunePublished();
        lastPrune = Date.now();
      }
      // Only a batch its bounds cut short goes on at once: a batch takes whole rows, so with
      // packed rows it ends short of batchSize while more wait. A batch that took every
      // pending row sleeps, so a steady trickle (a verdict's event every few milliseconds)
      // goes out a poll interval's worth at a time: going on at once, the relay published
      // it a record or two per batch, and every consumer group fetched, decoded and
      // committed each of those (a fifth of both cores in the verdict benchmark).
      return batch.records > 0 && !batch.drained ? 'more' : 'idle';
    },
  });

  return {
    runOnce,
    start: loop.start,
    /** Finishes the batch in flight, then stops. */
    async stop(): Promise<void> {
      await loop.stop();
      // Hand over at once instead of making a standby wait out the lease.
      await db.query('DELETE FROM outbox_relay_leader WHERE holder = $1', [relayId]);
    },
  };
}
export type OutboxRelay = ReturnType<typeof createOutboxRelay>;

/** The records a row carries, keyed by its organization: one, or a packed row's array in order. */
const recordsOf = (row: ClaimedRow) => (row.packed ? (row.value as unknown[]) : [row.value]).map((value) => ({ key: row.org_id, value }));

const isRefusedValue = (error: unknown): boolean => error instanceof AppError && error.code === 'validation_failed';
