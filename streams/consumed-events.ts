import type { Queryable } from '../services/platform/db/database.js';

/**
 * The log delivers at least once. A consumer that records the event ids in the
 * same transaction as its effects applies each event exactly once per group:
 * answers the ids of `eventIds` this group had not consumed before (an id given
 * twice is answered once), in one statement for the whole batch.
 */
export async function claimFirstDeliveries(tx: Queryable, consumerGroup: string, eventIds: readonly string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const result = await tx.query<{ event_id: string }>(
    `INSERT INTO consumed_events (consumer_group, event_id) SELECT $1, id FROM unnest($2::uuid[]) AS id
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumerGroup, eventIds],
  );
  return new Set(result.rows.map((row) => row.event_id));
}
