// The scheduler: queues a scan for every due asset schedule. It runs as the
// system across organizations; the claim below is the one statement that reads
// schedules without naming an organization (the documented exception to "every
// WHERE names the organization"). Everything after the claim acts in the
// organization of the claimed row (spec 1.1 rule 9).
//
// Any number of schedulers may run: a claimed schedule is locked with FOR UPDATE
// SKIP LOCKED until its scan is queued and next_run_at has moved past the clock in
// the same transaction, so another scheduler either skips it or no longer sees it due.
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import type { Worker } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { createPollingLoop } from '../../platform/polling-loop.js';
import { parseImageReference, type ImageReference } from '../../scans/index.js';
import { createScan } from '../../scans/index.js';
import { systemScope, tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

const SCHEDULE_BATCH_SIZE = 100;

interface DueSchedule {
  org_id: string;
  asset_id: string;
  scanners: string[];
  reference: string;
  archived: boolean;
  deletion_scheduled: boolean;
}

interface SchedulerPass {
  /** Due schedules claimed and advanced in this pass. */
  claimed: number;
  /** Scans queued: one per claimed schedule that was not skipped. */
  queued: number;
}

/** Queue a scan of this reference, or skip the schedule this time, and why. */
type Decision = { queue: ImageReference } | { skip: 'organization_deletion_scheduled' | 'archived' | 'previous_scan_still_queued' | 'reference_refused' };

/**
 * A due schedule queues nothing while its organization is scheduled for deletion
 * (read-only until its data goes), while its asset is archived, while the scan it
 * queued last time is still waiting (for a worker or for capacity), or when its
 * reference no longer passes the rules every scan request must pass.
 */
async function decide(tx: Queryable, orgId: OrgId, due: DueSchedule): Promise<Decision> {
  if (due.deletion_scheduled) return { skip: 'organization_deletion_scheduled' };
  if (due.archived) return { skip: 'archived' };
  const waiting = await tx.query("SELECT 1 FROM scans WHERE org_id = $1 AND asset_id = $2 AND source = 'schedule' AND state = 'queued' LIMIT 1", [orgId, due.asset_id]);
  if (waiting.rowCount > 0) return { skip: 'previous_scan_still_queued' };
  const parsed = parseImageReference(due.reference);
  return parsed.ok ? { queue: parsed.reference } : { skip: 'reference_refused' };
}

/**
 * Claims up to `limit` schedules due at `now`, queues a scan of each (source
 * schedule, requested by the system) and moves each next_run_at to the first
 * whole interval after `now`: a scheduler that was down queues one scan, not the backlog.
 */
export async function queueDueScans(db: Database, scope: SystemScope, logger: Logger, now: Date, limit = SCHEDULE_BATCH_SIZE): Promise<SchedulerPass> {
  return db.transaction(async (tx) => {
    const due = await tx.query<DueSchedule>(
      `SELECT s.org_id, s.asset_id, s.scanners, a.reference, a.archived_at IS NOT NULL AS archived, o.deletes_at IS NOT NULL AS deletion_scheduled
         FROM asset_schedules s
         JOIN assets a ON a.org_id = s.org_id AND a.id = s.asset_id
         JOIN organizations o ON o.id = s.org_id
        WHERE s.next_run_at <= $1
        ORDER BY s.next_run_at
        LIMIT $2
          FOR UPDATE OF s SKIP LOCKED`,
      [now, limit],
    );
    let queued = 0;
    for (const schedule of due.rows) {
      const orgId = tenantOfClaim(scope, schedule.org_id);
      const decision = await decide(tx, orgId, schedule);
      if ('queue' in decision) {
        await createScan(tx, orgId, { reference: decision.queue, scanners: schedule.scanners, source: 'schedule', requester: 'system', origin: null });
        queued += 1;
      } else {
        logger.info({ org_id: orgId, asset_id: schedule.asset_id, reason: decision.skip }, 'scheduled scan skipped');
      }
      await tx.query(
        `UPDATE asset_schedules
            SET next_run_at = next_run_at + make_interval(hours => interval_hours * (floor(extract(epoch FROM $3::timestamptz - next_run_at) / (interval_hours * 3600))::integer + 1))
          WHERE org_id = $1 AND asset_id = $2`,
        [orgId, schedule.asset_id, now],
      );
    }
    return { claimed: due.rows.length, queued };
  });
}

interface SchedulerDeps {
  db: Database;
  logger: Logger;
  /** The clock; tests inject one to make schedules due. */
  now?: () => Date;
  pollIntervalMs?: number;
}

/** Polls for due schedules, a batch per transaction, until none is left; then sleeps. */
export function createScheduler(deps: SchedulerDeps): Worker {
  const now = deps.now ?? (() => new Date());
  const scope = systemScope('claim-asset-schedules');
  return createPollingLoop({
    pollIntervalMs: deps.pollIntervalMs ?? 30_000,
    logger: deps.logger,
    failureMessage: 'scheduler pass failed; retrying',
    tick: async () => ((await queueDueScans(deps.db, scope, deps.logger, now())).claimed < SCHEDULE_BATCH_SIZE ? 'idle' : 'more'),
  });
}
