// Who may take a governance decision (spec 3.3). Every part of
// the module that approves or reviews asks here.
//
// Authority to approve (a grant, a remediation, a policy exception) is an Organization
// Admin's own, or a delegate's while a delegation of `approving` from an Organization
// Admin is in force. Authority to review a campaign's items is the named reviewer's, or
// a delegate's of `reviewing` from that reviewer (the campaign decides who its reviewers
// are; this module says for whom the caller may act).
//
// Separation of duties: the person who asked for a request never approves it, whatever
// their role, and neither does anyone acting only through that person's delegation
// (which would be the requester approving by proxy). The refusal is a 403 and a failure
// record in the module's trail. The domain check here is the first of three: the
// conditional update of each request and a database constraint are the others.
import { nhiRoleOf } from '../../platform/authorization/permissions.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { findMember } from '../../organizations/index.js';
import { recordAudit, recordAuthorityRefusal, type AdmittedPerson, type AuditAction } from '../audit/index.js';

export type DelegableAuthority = 'approving' | 'reviewing';

export interface DelegationInForce {
  id: string;
  delegatorUserId: string;
}

export type GovernanceCaller = AdmittedPerson;

/** On what a decision stands: the decider's own role, or a delegation (recorded with the decision, and as delegation.used). */
export type DecisionBasis = { kind: 'own' } | { kind: 'delegation'; delegationId: string; delegatorUserId: string };

/**
 * The caller's delegations of `authority` in force at `at`: started, not ended, not
 * revoked. End dates are evaluated here, when read (spec 3.2).
 */
export async function delegationsInForce(q: Queryable, orgId: OrgId, delegateUserId: string, authority: DelegableAuthority, at: Date): Promise<DelegationInForce[]> {
  const { rows } = await q.query<{ id: string; delegator_user_id: string }>(
    `SELECT id, delegator_user_id FROM nhi_delegations
      WHERE org_id = $1 AND delegate_user_id = $2 AND $3 = ANY (authority)
        AND starts_at <= $4 AND ends_at > $4 AND revoked_at IS NULL
      ORDER BY starts_at, id`,
    [orgId, delegateUserId, authority, at],
  );
  return rows.map((row) => ({ id: row.id, delegatorUserId: row.delegator_user_id }));
}

/** Whether the person is an Organization Admin of the organization now (owner or admin, spec 2.3). */
export async function isOrganizationAdmin(q: Queryable, orgId: OrgId, userId: string): Promise<boolean> {
  const member = await findMember(q, orgId, userId);
  return member !== undefined && nhiRoleOf(member.role) === 'organization_admin';
}

/** The refusal of a self-approval (spec 3.3): 403, the same body wherever it is produced. */
export const selfApprovalRefused = (): AppError => new AppError('forbidden', 'separation of duties: the person who asked for this may not decide it');

/** Who holds each authority, as the refusal of someone without it says. */
const AUTHORITY_HOLDERS: Record<DelegableAuthority, string> = {
  approving: "an Organization Admin's own, or a delegation in force",
  reviewing: "a named reviewer's own, or a delegation in force from one",
};

/** The refusal of a decision by someone with no authority over it: the guard's 403, naming the authority missing. */
export const noGoverningAuthority = (authority: DelegableAuthority): AppError =>
  new AppError('forbidden', `no ${authority} authority: ${AUTHORITY_HOLDERS[authority]}`, {
    details: { required_scope: 'governance:decide', principal: 'user' },
  });

/**
 * Decides whether the caller may approve (or reject) a request made by `requestedByUserId`,
 * and on what basis. A refusal is recorded on the Database in its own statement (the
 * action it refuses wrote nothing, and the record must outlive whatever transaction it
 * was in), then thrown: a self-approval as `selfApprovalAction`, a lack of authority as
 * authz.denied. Call it before the decision's transaction opens.
 */
export async function authorizeApproval(
  db: Database,
  caller: GovernanceCaller,
  request: { requestedByUserId: string; subject: string; selfApprovalAction: AuditAction; operationId: string },
  at: Date,
): Promise<DecisionBasis> {
  const refuse = async (action: AuditAction, refusal: AppError, detail: Record<string, unknown>): Promise<never> => {
    await recordAudit(db, { ...caller.audit, action, subject: request.subject, result: 'failure', detail: { operation_id: request.operationId, reason: refusal.message, ...detail } });
    throw refusal;
  };
  if (caller.userId === request.requestedByUserId) return refuse(request.selfApprovalAction, selfApprovalRefused(), { requested_by: request.requestedByUserId });
  if (await isOrganizationAdmin(db, caller.orgId, caller.userId)) return { kind: 'own' };
  const delegations = await delegationsInForce(db, caller.orgId, caller.userId, 'approving', at);
  const onBehalfOfOthers = delegations.filter((delegation) => delegation.delegatorUserId !== request.requestedByUserId);
  for (const delegation of onBehalfOfOthers) {
    // The delegator's authority is theirs to hand over only while they hold it.
    if (await isOrganizationAdmin(db, caller.orgId, delegation.delegatorUserId)) return { kind: 'delegation', delegationId: delegation.id, delegatorUserId: delegation.delegatorUserId };
  }
  if (delegations.length > onBehalfOfOthers.length) {
    return refuse(request.selfApprovalAction, selfApprovalRefused(), { requested_by: request.requestedByUserId, through_delegation_of: request.requestedByUserId });
  }
  const refusal = noGoverningAuthority('approving');
  await recordAuthorityRefusal(db, caller, { subject: request.subject, operationId: request.operationId, reason: refusal.message, detail: { required_permission: 'governance:decide', authority: 'approving' } });
  throw refusal;
}

/** The audit detail of a decision's basis, and the delegation.used record when it stood on a delegation. */
export function basisDetail(basis: DecisionBasis): Record<string, unknown> {
  return basis.kind === 'own' ? { basis: 'own' } : { basis: 'delegation', delegation_id: basis.delegationId, on_behalf_of: basis.delegatorUserId };
}

/** Records that a decision was taken through a delegation (in the decision's transaction). */
export async function recordDelegationUse(tx: Queryable, caller: GovernanceCaller, basis: DecisionBasis, decided: { action: AuditAction; subject: string }): Promise<void> {
  if (basis.kind !== 'delegation') return;
  await recordAudit(tx, {
    ...caller.audit,
    action: 'delegation.used',
    subject: basis.delegationId,
    result: 'success',
    detail: { on_behalf_of: basis.delegatorUserId, decision: decided.action, decided_subject: decided.subject },
  });
}
