// The suppression-expiry sweep (spec 1.1 rule 8, 3.1). When a suppression's
// expiry passes, the system returns the finding to open: the untriaged queue,
// where a person decides again. Not reopened: that status says a scan found a
// resolved issue again, and an expiry says nothing about the evidence.
//
// This is the one bulk write that crosses organizations (spec 1.1 rule 8): it
// selects due findings of every organization, and files each finding's timeline
// event and domain event in that finding's own organization, taken from the row.
import { appendEventsToOutbox } from '../../../streams/outbox.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { createPeriodicWorker, type Worker } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { systemScope, tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';
import { findingEventPayload } from '../timeline-events.js';

const SUPPRESSION_EXPIRED_REASON = 'suppression expired';
const DEFAULT_BATCH_SIZE = 500;

interface ExpiredRow {
  id: string;
  org_id: string;
  /** The finding.status_changed payload, built from the timeline entry (timeline-events.ts). */
  payload: Record<string, unknown>;
}

/**
 * Expires up to `limit` due suppressions in one transaction. Due rows are claimed
 * with FOR UPDATE SKIP LOCKED: a finding a request is changing right now is left
 * to the next batch or run, and several sweeping processes share the work.
 */
async function expireBatch(tx: Queryable, scope: SystemScope, now: Date, limit: number): Promise<number> {
  const expired = await tx.query<ExpiredRow>(
    `WITH due AS (
       SELECT id, org_id, suppressed_until FROM findings
        WHERE status = 'suppressed' AND suppressed_until <= $1
        ORDER BY suppressed_until, id
        LIMIT $2
          FOR UPDATE SKIP LOCKED
     ),
     expired AS (
       UPDATE findings f
          SET status = 'open', suppression_reason = NULL, suppressed_until = NULL, updated_at = clock_timestamp()
         FROM due
        WHERE f.org_id = due.org_id AND f.id = due.id
       RETURNING f.id, f.org_id, f.asset_id, f.fingerprint, f.kind, f.identifier, f.first_seen_at, f.severity, due.suppressed_until
     ),
     events AS (
       INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, actor_kind, reason, suppressed_until, severity)
       SELECT org_id, id, 'status_changed', 'suppressed', 'open', 'system', $3, suppressed_until, severity FROM expired
       RETURNING *
     )
     SELECT x.id, x.org_id, ${findingEventPayload('e', 'x')} AS payload
       FROM expired x JOIN events e ON e.org_id = x.org_id AND e.finding_id = x.id`,
    [now, limit, SUPPRESSION_EXPIRED_REASON],
  );
  const byOrganization = new Map<string, ExpiredRow[]>();
  for (const row of expired.rows) byOrganization.set(row.org_id, [...(byOrganization.get(row.org_id) ?? []), row]);
  for (const [orgId, rows] of byOrganization) {
    await appendEventsToOutbox(
      tx,
      tenantOfClaim(scope, orgId),
      rows.map((row) => ({ type: 'finding.status_changed', subjectId: row.id, actor: { kind: 'system', id: null }, payload: row.payload })),
    );
  }
  return expired.rows.length;
}

/** Expires every suppression due at `now`, batch by batch; returns how many. */
export async function expireDueSuppressions(db: Database, scope: SystemScope, now: Date, batchSize = DEFAULT_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction((tx) => expireBatch(tx, scope, now, batchSize));
    total += expired;
    if (expired < batchSize) return total;
  }
}

interface SuppressionExpirySweepDeps {
  db: Database;
  logger: Logger;
  /** The sweep's clock; tests move it instead of waiting. */
  now?: () => Date;
  intervalMs?: number;
  batchSize?: number;
}

/** The worker that runs the sweep every minute (by default) in the workers role. */
export function createSuppressionExpirySweep(deps: SuppressionExpirySweepDeps): Worker {
  const now = deps.now ?? (() => new Date());
  const scope = systemScope('expire-suppressions');
  return createPeriodicWorker({
    logger: deps.logger,
    intervalMs: deps.intervalMs ?? 60_000,
    run: async () => {
      const expired = await expireDueSuppressions(deps.db, scope, now(), deps.batchSize);
      if (expired > 0) deps.logger.info({ expired }, 'suppressions expired');
    },
  });
}
