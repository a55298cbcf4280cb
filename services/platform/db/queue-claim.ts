// The transaction a queue claim runs in (job and webhook delivery claims).
//
// A claim reads its queue through a partial index in order and stops after the
// few rows it takes. Every row it moves on (claimed, finished) leaves a dead entry
// in that index until vacuum; an ordered index scan marks such entries dead for
// the scans after it, a bitmap scan never does and reads every one again. Right
// after a burst, with the queue's statistics not yet analyzed, the planner chose
// bitmaps, and each claim re-read everything claimed before it in the run
// (the webhook claim: 40,000 entries and 5,667 heap pages to claim 61, 22.6 ms a
// claim; docs/decisions/webhooks.md, "The delivery queue's statements"). So the claim's transaction turns bitmap
// scans off for itself; the setting goes with any other in one statement.
import type { Database, Queryable } from './database.js';

interface QueueClaimOptions {
  /**
   * Commit without waiting for the disk flush. A crash can then forget the
   * claim, which only means the work is claimed again: for queues whose work is
   * at-least-once anyway and whose claims are the hot path.
   */
  skipFlushWait?: boolean;
}

export function inQueueClaimTransaction<T>(db: Database, claim: (tx: Queryable) => Promise<T>, options: QueueClaimOptions = {}): Promise<T> {
  const settings = options.skipFlushWait
    ? "SELECT set_config('enable_bitmapscan', 'off', true), set_config('synchronous_commit', 'off', true)"
    : "SELECT set_config('enable_bitmapscan', 'off', true)";
  return db.transaction(async (tx) => {
    await tx.query(settings);
    return claim(tx);
  });
}
