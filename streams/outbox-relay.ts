import type { Database } from '../services/platform/db/database.js';
import type { Logger } from '../services/platform/logger.js';
import type { StreamLog, TopicSpec } from './log/stream-log.js';
import { allTopics } from './topics.js';

export interface OutboxRelayOptions {
  db: Database;
  log: StreamLog;
  logger: Logger;
  batchSize?: number;
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
  value: unknown;
}

/**
 * Moves committed outbox rows to the stream log. Claiming, publishing and marking
 * are three steps with no network call inside a transaction: a crash after
 * publishing and before marking republishes the batch, which consumers absorb by
 * deduplicating on event id (at least once, never lost, never invented).
 * Several relays may run at once; SKIP LOCKED plus the lease keeps them apart.
 */
export function createOutboxRelay(options: OutboxRelayOptions) {
  const { db, log, logger } = options;
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const leaseMs = options.leaseMs ?? 30_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  const topicsByName = new Map<string, TopicSpec>(allTopics.map((t) => [t.name, t]));

  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.query<ClaimedRow>(
      `UPDATE outbox_events SET claimed_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE seq IN (
          SELECT seq FROM outbox_events
           WHERE published_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING seq, org_id, topic, value`,
      [batchSize, leaseMs],
    );
    return result.rows.sort((a, b) => a.seq - b.seq);
  }

  /** Relays one batch; resolves with how many events were published. */
  async function runOnce(): Promise<number> {
    const rows = await claim();
    if (rows.length === 0) return 0;
    const byTopic = new Map<string, ClaimedRow[]>();
    for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
    for (const [topicName, topicRows] of byTopic) {
      const topic = topicsByName.get(topicName);
      if (!topic) throw new Error(`outbox row for unknown topic ${topicName}`);
      await log.publish(topic, topicRows.map((r) => ({ key: r.org_id, value: r.value })));
    }
    await db.query('UPDATE outbox_events SET published_at = now(), claimed_until = NULL WHERE seq = ANY($1::bigint[])', [rows.map((r) => r.seq)]);
    return rows.length;
  }

  async function prunePublished(): Promise<void> {
    await db.query('DELETE FROM outbox_events WHERE published_at < now() - make_interval(secs => $1::double precision / 1000)', [retentionMs]);
  }

  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function run(): Promise<void> {
    let lastPrune = 0;
    while (running) {
      let published = 0;
      try {
        published = await runOnce();
        if (Date.now() - lastPrune > 60_000) {
          await prunePublished();
          lastPrune = Date.now();
        }
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay batch failed; retrying');
      }
      if (published < batchSize && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  return {
    runOnce,
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    /** Finishes the batch in flight, then stops. */
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
    },
  };
}
export type OutboxRelay = ReturnType<typeof createOutboxRelay>;
