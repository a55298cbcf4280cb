import type { Queryable } from '../db/database.js';

/**
 * The log delivers at least once. A consumer that records the event id in the
 * same transaction as its effects applies each event exactly once per group:
 * returns false when this group already consumed the event.
 */
export async function claimFirstDelivery(tx: Queryable, consumerGroup: string, eventId: string): Promise<boolean> {
  const result = await tx.query('INSERT INTO consumed_events (consumer_group, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [consumerGroup, eventId]);
  return result.rowCount === 1;
}
