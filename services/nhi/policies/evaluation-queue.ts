// When policies are evaluated besides on demand: one job per occasion, queued in the
// transaction of what occasioned it, run by the workers role.
//
// - After a synchronization: the collection's inventory processor calls
//   afterRunApplied in the transaction that applies a run's end record. A run's
//   records are keyed by organization, so they precede its end in one partition and
//   were applied in that transaction or earlier ones; the job exists exactly when
//   the whole run is in the inventory, and a redelivered end (applied once) queues
//   nothing. Every applied run queues one, complete or not: a partial run adds
//   identities too.
// - After an Organization Admin changed settings or a tool approval.
//
// Each evaluation reads the inventory as it is when it runs, so evaluations are
// idempotent; two for one organization run one after the other (evaluation.ts).
// Occasions coalesce: while an organization's evaluation is still queued (not yet
// claimed by a worker), a new occasion only counts itself into that job's payload
// (`coalesced`), since the queued evaluation will read everything the new one would.
// A burst of synchronizations or settings changes thus costs one evaluation, not one
// each. Once the job is claimed, the next occasion queues a new one, so nothing that
// happens during an evaluation goes unevaluated.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { enqueueJob } from '../../platform/jobs.js';
import type { RunAppliedHook } from '../collection/index.js';

export const POLICY_EVALUATION_JOB = 'nhi.policy_evaluation';

/** Why an evaluation was queued (an evaluation on demand is a request's, never queued). */
export type QueuedTrigger = 'synchronization' | 'settings' | 'approval';
export const QUEUED_TRIGGERS: readonly QueuedTrigger[] = ['synchronization', 'settings', 'approval'];

export async function queuePolicyEvaluation(tx: Queryable, orgId: OrgId, occasion: { trigger: QueuedTrigger; runId?: string }): Promise<void> {
  // A claim locks the row (FOR UPDATE SKIP LOCKED) and sets it running: either this update
  // finds the job still queued and counts into it, or it finds none and a job is queued.
  const folded = await tx.query(
    `UPDATE jobs SET payload = jsonb_set(payload, '{coalesced}', to_jsonb(coalesce((payload->>'coalesced')::int, 0) + 1)), updated_at = now()
      WHERE id = (SELECT id FROM jobs WHERE org_id = $1 AND kind = $2 AND state = 'queued' ORDER BY created_at LIMIT 1 FOR UPDATE)
        AND state = 'queued'`,
    [orgId, POLICY_EVALUATION_JOB],
  );
  if (folded.rowCount > 0) return;
  await enqueueJob(tx, orgId, POLICY_EVALUATION_JOB, { trigger: occasion.trigger, runId: occasion.runId ?? null }, { maxAttempts: 3 });
}

/** The collection's hook: an evaluation after each run the inventory applied. */
export const evaluateAfterSynchronization: RunAppliedHook = (tx, orgId, run) => queuePolicyEvaluation(tx, orgId, { trigger: 'synchronization', runId: run.runId });
