// Scheduled synchronization: a fixed deployment interval (docs/decisions/nhi.md, "Collection"; NHI
// collection). Every sweep queues a run for each enabled connector of every
// organization whose newest run was requested longer than the interval ago (or that
// never ran), in the connector's own organization, as the system.
import type { Database } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import { createPeriodicWorker, type Worker } from '../../../platform/jobs.js';
import type { Logger } from '../../../platform/logger.js';
import { systemScope, tenantOfClaim, type SystemScope } from '../../../platform/tenancy.js';
import { queueRun } from '../runs.js';

/** How often each enabled connector is synchronized without anyone asking. */
export const SYNCHRONIZATION_INTERVAL_MS = 24 * 60 * 60_000;
/** How often the schedule is looked at. */
const SWEEP_INTERVAL_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

/** Queues the due runs; answers how many it queued. */
export async function queueDueSynchronizations(db: Database, scope: SystemScope, now: Date): Promise<number> {
  const due = await db.query<{ org_id: string; id: string }>(
    `SELECT c.org_id, c.id FROM nhi_connectors c
      WHERE c.enabled AND NOT EXISTS (
        SELECT 1 FROM nhi_synchronization_runs r
         WHERE r.org_id = c.org_id AND r.connector_id = c.id AND (r.state IN ('queued', 'running') OR r.created_at > $1))
      ORDER BY c.created_at LIMIT $2`,
    [new Date(now.getTime() - SYNCHRONIZATION_INTERVAL_MS), SWEEP_BATCH],
  );
  let queued = 0;
  for (const row of due.rows) {
    const orgId = tenantOfClaim(scope, row.org_id);
    const requester = { orgId, userId: null, audit: { orgId, actor: { kind: 'system' as const, id: null }, sourceAddress: null, correlationId: null } };
    try {
      await db.transaction((tx) => queueRun(tx, requester, row.id, 'schedule', now));
      queued += 1;
    } catch (error) {
      // A person queued one meanwhile, or the connector went away or was disabled: nothing is due any more.
      if (!(error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found'))) throw error;
    }
  }
  return queued;
}

export function createSynchronizationSchedule(deps: { db: Database; logger: Logger; now?: () => Date }): Worker {
  const scheduling = systemScope('schedule-synchronizations');
  const now = deps.now ?? (() => new Date());
  return createPeriodicWorker({
    logger: deps.logger.child({ component: 'nhi-synchronization-schedule' }),
    intervalMs: SWEEP_INTERVAL_MS,
    run: async () => {
      await queueDueSynchronizations(deps.db, scheduling, now());
    },
  });
}
