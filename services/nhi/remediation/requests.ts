// Asking for a remediation and deciding it. A person with
// governance:request asks for an action of the catalogue on an identity of the
// inventory; approvers decide through the module's authority (services/nhi/governance:
// an Organization Admin's own, or a delegation in force), never the requester.
//
// Separation of duties has three layers (spec 3.3): authorizeApproval refuses the
// requester before anything is written (403 and remediation.self_approval.refused);
// the conditional update approves only a pending request whose requester is not the
// approver; the table's CHECK refuses an approvals list holding the requester, however
// it was written. Concurrent approvals of one request: the row's lock orders them,
// and the conditional update lets exactly the first through; the rest are 409.
import { isUuid } from '../../platform/ids.js';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../platform/db/database.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { recordAudit, recordAuthorityRefusal } from '../audit/index.js';
import { authorizeApproval, basisDetail, isOrganizationAdmin, recordDelegationUse, selfApprovalRefused, type DecisionBasis, type GovernanceCaller } from '../governance/index.js';
import { actionDefinition, actionsForKind } from './catalogue.js';
import { queueRemediationExecution } from './execution-queue.js';
import { remediationColumns, remediationViewOf, selectRemediation, type RemediationRow, type Remediation } from './records.js';

export interface RemediationRequest {
  identityId: string;
  action: string;
  reason: string;
  dryRun?: boolean;
  campaignItem?: { campaignId: string; itemId: string };
}

const MAX_TEXT = 2000;

function checkText(name: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim().length === 0) throw validationFailed(`${name} is required: say why`);
  if (value.length > MAX_TEXT) throw validationFailed(`${name} must be at most ${MAX_TEXT} characters`);
  return value;
}

/**
 * Validates the request, writes it and remediation.requested in the caller's
 * transaction. The identity must be the organization's (another organization's is
 * the same 404 as a missing one) and still in its provider's inventory; the action
 * must be one its kind supports (400 naming those it does).
 */
export async function requestRemediation(tx: Queryable, caller: GovernanceCaller, input: RemediationRequest, now: Date): Promise<{ id: string }> {
  const reason = checkText('reason', input.reason, true)!;
  if (input.dryRun !== undefined && typeof input.dryRun !== 'boolean') throw validationFailed('dryRun must be true or false');
  if (typeof input.identityId !== 'string' || !isUuid(input.identityId)) throw notFound();
  const found = await tx.query<{ id: string; kind: string; state: 'active' | 'removed' }>('SELECT id, kind, state FROM nhi_identities WHERE org_id = $1 AND id = $2', [caller.orgId, input.identityId]);
  const identity = found.rows[0];
  if (identity === undefined) throw notFound();
  const supported = actionsForKind(identity.kind);
  if (typeof input.action !== 'string' || actionDefinition(input.action) === undefined || !supported.includes(input.action)) {
    throw validationFailed(`an identity of kind ${identity.kind} supports the actions: ${supported.join(', ')}`, { supported_actions: supported });
  }
  if (identity.state !== 'active') throw conflict('the identity was removed from its provider: there is nothing left to act on');
  const campaign = input.campaignItem;
  if (campaign !== undefined && !(isUuid(campaign.campaignId) && isUuid(campaign.itemId))) throw validationFailed('a campaign item is named by its campaign id and item id (UUIDs)');
  const id = randomUUID();
  await tx.query(
    `INSERT INTO nhi_remediations (org_id, id, identity_id, action, reason, dry_run, status, requested_by_user_id, requested_at, campaign_id, campaign_item_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $8)`,
    [caller.orgId, id, identity.id, input.action, reason, input.dryRun ?? false, caller.userId, now, campaign?.campaignId ?? null, campaign?.itemId ?? null],
  );
  await recordAudit(tx, {
    ...caller.audit,
    action: 'remediation.requested',
    subject: id,
    result: 'success',
    detail: { identity_id: identity.id, identity_kind: identity.kind, remediation_action: input.action, dry_run: input.dryRun ?? false, reason, ...(campaign ? { campaign_id: campaign.campaignId, campaign_item_id: campaign.itemId } : {}) },
  });
  return { id };
}

/** An approver's decision in its transaction: the record with its basis, and delegation.used when it stood on a delegation. */
async function recordDecision(tx: Queryable, caller: GovernanceCaller, basis: DecisionBasis, action: 'remediation.approved' | 'remediation.rejected', row: RemediationRow, detail: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { ...caller.audit, action, subject: row.id, result: 'success', detail: { identity_id: row.identity_id, remediation_action: row.action, ...detail, ...basisDetail(basis) } });
  await recordDelegationUse(tx, caller, basis, { action, subject: row.id });
}

const noLongerPending = (row: RemediationRow): AppError => conflict(`the remediation is no longer pending: it is ${row.status}`);

export function createRemediationDecisions(deps: { db: Database; now: () => Date; approvalsRequired: number }) {
  const { db, now, approvalsRequired } = deps;

  async function request(caller: GovernanceCaller, input: RemediationRequest): Promise<Remediation> {
    return db.transaction(async (tx) => {
      const { id } = await requestRemediation(tx, caller, input, now());
      return remediationViewOf(await selectRemediation(tx, caller.orgId, id));
    });
  }

  /** Adds the caller's approval; at the threshold the remediation is approved and its execution queued (run after this commits). */
  async function approve(caller: GovernanceCaller, remediationId: string): Promise<Remediation> {
    const at = now();
    const current = await selectRemediation(db, caller.orgId, remediationId);
    const basis = await authorizeApproval(db, caller, { requestedByUserId: current.requested_by_user_id, subject: current.id, selfApprovalAction: 'remediation.self_approval.refused', operationId: 'approveRemediation' }, at);
    return db.transaction(async (tx) => {
      const approved = await tx.query<RemediationRow>(
        `UPDATE nhi_remediations
            SET approvals = array_append(approvals, $3::uuid),
                status = CASE WHEN cardinality(approvals) + 1 >= $4 THEN 'approved' ELSE 'pending' END,
                approved_at = CASE WHEN cardinality(approvals) + 1 >= $4 THEN $5::timestamptz END,
                updated_at = $5
          WHERE org_id = $1 AND id = $2 AND status = 'pending' AND requested_by_user_id <> $3::uuid AND NOT ($3::uuid = ANY (approvals))
          RETURNING ${remediationColumns}`,
        [caller.orgId, current.id, caller.userId, approvalsRequired, at],
      );
      const row = approved.rows[0];
      if (row === undefined) throw await refusalOf(tx, caller, current.id);
      await recordDecision(tx, caller, basis, 'remediation.approved', row, { dry_run: row.dry_run, approvals: row.approvals.length, approvals_required: approvalsRequired, status: row.status });
      if (row.status === 'approved') await queueRemediationExecution(tx, caller.orgId, row.id);
      return remediationViewOf(row);
    });
  }

  /** Why the conditional update changed nothing: re-read under the row's lock. */
  async function refusalOf(tx: Queryable, caller: GovernanceCaller, remediationId: string): Promise<AppError> {
    const row = await selectRemediation(tx, caller.orgId, remediationId, 'FOR UPDATE');
    if (row.requested_by_user_id === caller.userId) return selfApprovalRefused();
    if (row.status !== 'pending') return noLongerPending(row);
    return conflict('you have already approved this remediation: another approver is needed');
  }

  /** One rejection by anyone with authority ends the request. */
  async function reject(caller: GovernanceCaller, remediationId: string, body: { reason?: unknown }): Promise<Remediation> {
    const at = now();
    const reason = checkText('reason', body.reason, false);
    const current = await selectRemediation(db, caller.orgId, remediationId);
    const basis = await authorizeApproval(db, caller, { requestedByUserId: current.requested_by_user_id, subject: current.id, selfApprovalAction: 'remediation.self_approval.refused', operationId: 'rejectRemediation' }, at);
    return db.transaction(async (tx) => {
      const rejected = await tx.query<RemediationRow>(
        `UPDATE nhi_remediations SET status = 'rejected', rejected_by_user_id = $3, rejected_at = $4, rejection_reason = $5, updated_at = $4
          WHERE org_id = $1 AND id = $2 AND status = 'pending' AND requested_by_user_id <> $3::uuid
          RETURNING ${remediationColumns}`,
        [caller.orgId, current.id, caller.userId, at, reason ?? null],
      );
      const row = rejected.rows[0];
      if (row === undefined) throw await refusalOf(tx, caller, current.id);
      await recordDecision(tx, caller, basis, 'remediation.rejected', row, { reason: reason ?? null });
      return remediationViewOf(row);
    });
  }

  /** The requester withdraws their own request while it is pending. */
  async function cancel(caller: GovernanceCaller, remediationId: string): Promise<Remediation> {
    const current = await selectRemediation(db, caller.orgId, remediationId);
    if (current.requested_by_user_id !== caller.userId) throw await refuse(caller, current.id, 'cancelRemediation', 'only the person who asked for a remediation may withdraw it');
    return db.transaction(async (tx) => {
      const at = now();
      const cancelled = await tx.query<RemediationRow>(
        `UPDATE nhi_remediations SET status = 'cancelled', cancelled_at = $3, updated_at = $3 WHERE org_id = $1 AND id = $2 AND status = 'pending' RETURNING ${remediationColumns}`,
        [caller.orgId, current.id, at],
      );
      const row = cancelled.rows[0];
      if (row === undefined) throw noLongerPending(await selectRemediation(tx, caller.orgId, current.id));
      await recordAudit(tx, { ...caller.audit, action: 'remediation.cancelled', subject: row.id, result: 'success', detail: { identity_id: row.identity_id, remediation_action: row.action } });
      return remediationViewOf(row);
    });
  }

  /** A person marks a remediation that waited for them done: an Organization Admin or the requester, with a note. */
  async function complete(caller: GovernanceCaller, remediationId: string, body: { note?: unknown }): Promise<Remediation> {
    const note = checkText('note', body.note, true)!;
    const current = await selectRemediation(db, caller.orgId, remediationId);
    if (current.requested_by_user_id !== caller.userId && !(await isOrganizationAdmin(db, caller.orgId, caller.userId))) {
      throw await refuse(caller, current.id, 'completeRemediation', 'only an Organization Admin or the person who asked for it may mark a remediation done');
    }
    return db.transaction(async (tx) => {
      const at = now();
      const completed = await tx.query<RemediationRow>(
        `UPDATE nhi_remediations SET status = 'executed', completed_by_user_id = $3, completion_note = $4, finished_at = $5, updated_at = $5
          WHERE org_id = $1 AND id = $2 AND status = 'manual_required' RETURNING ${remediationColumns}`,
        [caller.orgId, current.id, caller.userId, note, at],
      );
      const row = completed.rows[0];
      if (row === undefined) {
        const latest = await selectRemediation(tx, caller.orgId, current.id);
        throw conflict(`only a remediation waiting for a person (manual_required) is marked done; this one is ${latest.status}`);
      }
      await recordAudit(tx, {
        ...caller.audit,
        action: 'remediation.executed',
        subject: row.id,
        result: 'success',
        detail: { identity_id: row.identity_id, remediation_action: row.action, dry_run: row.dry_run, carried_out_by: 'person', note },
      });
      return remediationViewOf(row);
    });
  }

  /** A refusal of someone the operation is not theirs to take: recorded on the Database (it outlives the refused action), then thrown. */
  async function refuse(caller: GovernanceCaller, subject: string, operationId: string, reason: string): Promise<AppError> {
    await recordAuthorityRefusal(db, caller, { subject, operationId, reason });
    return new AppError('forbidden', reason);
  }

  return { request, approve, reject, cancel, complete };
}
export type RemediationDecisions = ReturnType<typeof createRemediationDecisions>;
