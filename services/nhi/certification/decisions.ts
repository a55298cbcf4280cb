// A reviewer's answer to a campaign's item: keep or revoke,
// once, while the campaign is in review and before its end.
//
// Who may answer: a named reviewer, or a delegate of `reviewing` from one while the
// delegation is in force (the delegation's reviewer is recorded with the answer). Never
// the campaign's opener, whatever else they hold. The fourth separation-of-duties rule
// (docs/decisions/nhi-governance.md, "Who decides"): nobody answers "keep" for an
// identity holding a grant in force that they asked for, nor for one the reviewer they
// act for asked for; "revoke" stays open to them. Refusals are 403 and a failure record
// written on the Database in its own statement, before the answer's transaction.
import { isUuid } from '../../platform/ids.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { recordAudit, recordAuthorityRefusal, type AuditAction } from '../audit/index.js';
import { basisDetail, delegationsInForce, noGoverningAuthority, recordDelegationUse, selfApprovalRefused, type DecisionBasis, type GovernanceCaller } from '../governance/index.js';
import { grantsInForce } from '../grants/index.js';
import { itemColumns, itemViewOf, selectCampaign, stateAt, type CampaignRow, type ItemDecision, type ItemRow, type NhiCertificationItem } from './campaigns.js';
import { openRemediation } from './remediations.js';

export interface ItemAnswer {
  decision: ItemDecision;
  comment?: string;
}

const SELF_REVIEW: AuditAction = 'certification.item.self_review.refused';
const OPERATION_ID = 'decideCertificationItem';

/** The refusal of an opener answering their own campaign: a rule of its own, recorded like a self-review. */
const openerMayNotAnswer = (): AppError => new AppError('forbidden', 'the person who opened a campaign may not answer it');

export async function answerItem(db: Database, caller: GovernanceCaller, campaignId: string, itemId: string, answer: ItemAnswer, now: Date): Promise<NhiCertificationItem> {
  const campaign = await selectCampaign(db, caller.orgId, campaignId);
  const item = await selectItem(db, caller, campaign.id, itemId);
  const refuse = async (action: AuditAction, refusal: AppError, detail: Record<string, unknown>): Promise<never> => {
    await recordAudit(db, { ...caller.audit, action, subject: item.id, result: 'failure', detail: { operation_id: OPERATION_ID, campaign_id: campaign.id, reason: refusal.message, ...detail } });
    throw refusal;
  };
  if (caller.userId === campaign.opened_by_user_id) await refuse(SELF_REVIEW, openerMayNotAnswer(), { rule: 'opener', decision: answer.decision });
  const basis = await reviewingBasis(db, caller, campaign, now);
  if (basis === undefined) {
    const refusal = noGoverningAuthority('reviewing');
    await recordAuthorityRefusal(db, caller, {
      subject: item.id,
      operationId: OPERATION_ID,
      reason: refusal.message,
      detail: { campaign_id: campaign.id, required_permission: 'governance:decide', authority: 'reviewing' },
    });
    throw refusal;
  }
  if (answer.decision === 'keep') {
    // Those the answer is given by: the caller, and the reviewer they act for.
    const answering = basis.kind === 'own' ? [caller.userId] : [caller.userId, basis.delegatorUserId];
    const ownGrant = (await grantsInForce(db, caller.orgId, item.identity_id, now)).find((grant) => answering.includes(grant.requestedByUserId));
    if (ownGrant !== undefined) await refuse(SELF_REVIEW, selfApprovalRefused(), { rule: 'own_grant', grant_id: ownGrant.id, requested_by: ownGrant.requestedByUserId, decision: 'keep' });
  }

  return db.transaction(async (tx) => {
    const locked = await selectCampaign(tx, caller.orgId, campaign.id, true);
    const state = stateAt(locked, now);
    if (state === 'ended') throw conflict(`the campaign ended at ${locked.ends_at.toISOString()}: it takes no more answers`);
    if (state !== 'in_review') throw conflict(`the campaign takes answers only while in review; it is ${state}`);
    const on = basis.kind === 'delegation' ? { userId: basis.delegatorUserId, delegationId: basis.delegationId } : { userId: null, delegationId: null };
    const answered = await tx.query<ItemRow>(
      `UPDATE nhi_certification_items
          SET decision = $4, decision_source = 'reviewer', comment = $5, decided_at = $6, decided_by_user_id = $7, on_behalf_of_user_id = $8, delegation_id = $9
        WHERE org_id = $1 AND campaign_id = $2 AND id = $3 AND decision IS NULL
        RETURNING ${itemColumns}`,
      [caller.orgId, locked.id, item.id, answer.decision, answer.comment ?? null, now, caller.userId, on.userId, on.delegationId],
    );
    if (answered.rows[0] === undefined) throw conflict('the item is already answered: one decision per identity');
    const remediationId = answer.decision === 'revoke' ? await openRemediation(tx, caller, locked, item, answer.comment ?? 'the reviewer gave no comment', now) : null;
    const action: AuditAction = answer.decision === 'keep' ? 'certification.item.certified' : 'certification.item.revoked';
    // A statement of its own, so it sees every answer committed before the campaign's lock was ours.
    const done = await tx.query(
      `UPDATE nhi_certification_campaigns SET status = 'review_done'
        WHERE org_id = $1 AND id = $2 AND NOT EXISTS (SELECT 1 FROM nhi_certification_items WHERE org_id = $1 AND campaign_id = $2 AND decision IS NULL)`,
      [caller.orgId, locked.id],
    );
    const reviewDone = done.rowCount === 1;
    await recordAudit(tx, {
      ...caller.audit,
      action,
      subject: item.id,
      result: 'success',
      detail: { campaign_id: locked.id, identity_id: item.identity_id, source: 'reviewer', comment: answer.comment ?? null, remediation_id: remediationId, review_done: reviewDone, ...basisDetail(basis) },
    });
    await recordDelegationUse(tx, caller, basis, { action, subject: item.id });
    return itemViewOf({ ...answered.rows[0], remediation_id: remediationId });
  });
}

/** The caller's own standing as a named reviewer, else a delegation of reviewing in force from one; undefined when neither. */
async function reviewingBasis(db: Database, caller: GovernanceCaller, campaign: CampaignRow, now: Date): Promise<DecisionBasis | undefined> {
  if (campaign.reviewer_user_ids.includes(caller.userId)) return { kind: 'own' };
  // Only a named reviewer's delegation counts, so a delegate's own delegation hands on nothing (no chains).
  const delegation = (await delegationsInForce(db, caller.orgId, caller.userId, 'reviewing', now)).find((candidate) => campaign.reviewer_user_ids.includes(candidate.delegatorUserId));
  return delegation === undefined ? undefined : { kind: 'delegation', delegationId: delegation.id, delegatorUserId: delegation.delegatorUserId };
}

async function selectItem(db: Database, caller: GovernanceCaller, campaignId: string, itemId: string): Promise<ItemRow> {
  if (!isUuid(itemId)) throw notFound();
  const { rows } = await db.query<ItemRow>(`SELECT ${itemColumns} FROM nhi_certification_items WHERE org_id = $1 AND campaign_id = $2 AND id = $3`, [caller.orgId, campaignId, itemId]);
  if (rows[0] === undefined) throw notFound();
  return rows[0];
}
