// What an evaluation of one policy does to the organization's findings: the
// identities for which the policy's condition holds now each have a finding that is
// not resolved (opened, or reopened when it had been resolved), with what the policy
// saw; every other finding of the policy that is not resolved is resolved. All of it
// by the system actor, audited as finding.opened, finding.reopened and finding.resolved.
//
// The caller holds the organization's evaluation lock. The audit records are written
// by recordFindingChanges after every policy's rows were changed: a person's status
// change locks its finding and then writes to the audit chain, so an evaluation must
// not hold the chain's lock while it still waits for finding rows.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { recordAudit, type AuditAction } from '../audit/index.js';
import type { FindingSeverity, FindingStatus } from './findings.js';

interface PolicyEvaluation {
  policy: string;
  severity: FindingSeverity;
  /** identity id -> what the policy saw (JSON-safe), for every identity whose condition holds. */
  holding: ReadonlyMap<string, Record<string, unknown>>;
  /** Why the others are resolved: their condition no longer holds, or the policy is disabled. */
  resolution: 'condition_no_longer_holds' | 'policy_disabled';
}

export interface FindingChange {
  action: Extract<AuditAction, 'finding.opened' | 'finding.reopened' | 'finding.resolved'>;
  findingId: string;
  policy: string;
  identityId: string;
  detail: Record<string, unknown>;
}

interface ReconcileOutcome {
  opened: number;
  reopened: number;
  resolved: number;
  changes: FindingChange[];
}

const HOLDING = 'jsonb_to_recordset($3::jsonb) AS h(identity_id uuid, detail jsonb)';

export async function reconcileFindings(tx: Queryable, orgId: OrgId, evaluation: PolicyEvaluation, now: Date): Promise<ReconcileOutcome> {
  const { policy, severity } = evaluation;
  const holding = JSON.stringify([...evaluation.holding].map(([identityId, detail]) => ({ identity_id: identityId, detail })));
  const params = [orgId, policy, holding, now, severity];

  const reopened = await tx.query<{ id: string; identity_id: string }>(
    `UPDATE nhi_findings f SET status = 'open', resolved_at = NULL, reopened_at = $4, reason = NULL, risk_accepted_until = NULL,
            status_changed_at = $4, status_changed_by_user_id = NULL, last_detected_at = $4, detail = h.detail, severity = $5
       FROM ${HOLDING}
      WHERE f.org_id = $1 AND f.policy = $2 AND f.identity_id = h.identity_id AND f.status = 'resolved'
      RETURNING f.id, f.identity_id`,
    params,
  );
  const opened = await tx.query<{ id: string; identity_id: string }>(
    `INSERT INTO nhi_findings (org_id, id, policy, identity_id, severity, status, detail, status_changed_at, first_detected_at, last_detected_at)
     SELECT $1, gen_random_uuid(), $2, h.identity_id, $5, 'open', h.detail, $4, $4, $4 FROM ${HOLDING}
     ON CONFLICT (org_id, policy, identity_id) DO NOTHING
     RETURNING id, identity_id`,
    params,
  );
  // Still holding: what the policy saw now, whatever status a person gave the finding.
  await tx.query(
    `UPDATE nhi_findings f SET last_detected_at = $4, detail = h.detail, severity = $5
       FROM ${HOLDING}
      WHERE f.org_id = $1 AND f.policy = $2 AND f.identity_id = h.identity_id AND f.status <> 'resolved' AND f.last_detected_at <> $4`,
    params,
  );
  const resolved = await tx.query<{ id: string; identity_id: string; previous_status: FindingStatus }>(
    `WITH gone AS (
       SELECT id, status FROM nhi_findings
        WHERE org_id = $1 AND policy = $2 AND status <> 'resolved'
          AND identity_id NOT IN (SELECT h.identity_id FROM ${HOLDING})
        FOR UPDATE)
     UPDATE nhi_findings f SET status = 'resolved', resolved_at = $4, reason = NULL, risk_accepted_until = NULL,
            status_changed_at = $4, status_changed_by_user_id = NULL
       FROM gone
      WHERE f.org_id = $1 AND f.id = gone.id
      RETURNING f.id, f.identity_id, gone.status AS previous_status`,
    params.slice(0, 4),
  );

  const change = (action: FindingChange['action'], row: { id: string; identity_id: string }, detail: Record<string, unknown>): FindingChange => ({
    action,
    findingId: row.id,
    policy,
    identityId: row.identity_id,
    detail,
  });
  return {
    opened: opened.rowCount ?? opened.rows.length,
    reopened: reopened.rowCount ?? reopened.rows.length,
    resolved: resolved.rowCount ?? resolved.rows.length,
    changes: [
      ...opened.rows.map((row) => change('finding.opened', row, { severity, observed: evaluation.holding.get(row.identity_id) })),
      ...reopened.rows.map((row) => change('finding.reopened', row, { severity, reason: 'condition_holds_again', observed: evaluation.holding.get(row.identity_id) })),
      ...resolved.rows.map((row) => change('finding.resolved', row, { previousStatus: row.previous_status, reason: evaluation.resolution })),
    ],
  };
}

/** The audit records of an evaluation's changes, by the system, in the evaluation's transaction. */
export async function recordFindingChanges(tx: Queryable, orgId: OrgId, changes: readonly FindingChange[], correlationId: string | null): Promise<void> {
  for (const change of changes) {
    await recordAudit(tx, {
      orgId,
      actor: { kind: 'system', id: null },
      action: change.action,
      subject: change.findingId,
      result: 'success',
      sourceAddress: null,
      correlationId,
      detail: { findingId: change.findingId, policy: change.policy, identityId: change.identityId, ...change.detail },
    });
  }
}
