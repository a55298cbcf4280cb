// A campaign's lifecycle as an Organization Admin drives it (certification:manage):
// opening, starting (the items are the active identities in scope at that moment),
// cancelling and closing (see campaigns.ts for the states). Every change is audited
// in its transaction.
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../platform/db/database.js';
import { conflict, validationFailed } from '../../platform/errors.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';
import { findMember } from '../../organizations/index.js';
import { recordAudit } from '../audit/index.js';
import type { GovernanceCaller } from '../governance/index.js';
import { campaignViewOf, selectCampaign, stateAt, type CampaignRow, type NhiCertificationCampaign, type OnNoResponse } from './campaigns.js';
import { openRemediation } from './remediations.js';

export interface CampaignRequest {
  name: string;
  description?: string;
  scope: { connectorIds?: string[]; kinds?: string[]; identityIds?: string[] };
  reviewerUserIds: string[];
  endsAt: string;
  onNoResponse?: OnNoResponse;
}

/** POST /nhi/api/v1/certification/campaigns: opened in state created; nothing is snapshotted until it starts. */
export async function openCampaign(db: Database, caller: GovernanceCaller, request: CampaignRequest, now: Date): Promise<NhiCertificationCampaign> {
  const name = request.name.trim();
  if (name.length === 0) throw validationFailed('name must not be blank');
  const scope = { connectorIds: unique(request.scope.connectorIds), kinds: unique(request.scope.kinds), identityIds: unique(request.scope.identityIds) };
  if (scope.connectorIds.length + scope.kinds.length + scope.identityIds.length === 0) throw validationFailed('the scope names at least one connector, identity kind or identity');
  const reviewers = unique(request.reviewerUserIds);
  if (reviewers.includes(caller.userId)) throw validationFailed('the opener of a campaign may not be one of its reviewers');
  for (const reviewer of reviewers) {
    if ((await findMember(db, caller.orgId, reviewer)) === undefined) throw validationFailed(`reviewer ${reviewer} is not a member of this organization`);
  }
  const endsAt = parseTimestamp('endsAt', request.endsAt);
  if (endsAt <= now) throw validationFailed('endsAt must be in the future');
  const onNoResponse = request.onNoResponse ?? 'keep';
  const id = randomUUID();
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO nhi_certification_campaigns (org_id, id, name, description, scope_connector_ids, scope_kinds, scope_identity_ids, reviewer_user_ids, on_no_response, status, ends_at, opened_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'created', $10, $11, $12)`,
      [caller.orgId, id, name, request.description ?? null, scope.connectorIds, scope.kinds, scope.identityIds, reviewers, onNoResponse, endsAt, caller.userId, now],
    );
    await recordAudit(tx, {
      ...caller.audit,
      action: 'certification.campaign.created',
      subject: id,
      result: 'success',
      detail: { name, scope, reviewer_user_ids: reviewers, on_no_response: onNoResponse, ends_at: endsAt.toISOString() },
    });
    return campaignViewOf(await selectCampaign(tx, caller.orgId, id), now);
  });
}

/** POST .../start: created and not past its end; the active identities in scope become its items. */
export async function startCampaign(db: Database, caller: GovernanceCaller, campaignId: string, now: Date): Promise<NhiCertificationCampaign> {
  return db.transaction(async (tx) => {
    const campaign = await selectCampaign(tx, caller.orgId, campaignId, true);
    const state = stateAt(campaign, now);
    if (state !== 'created') throw conflict(state === 'ended' ? 'the campaign’s end has passed: it can no longer start' : `only a created campaign can start; it is ${state}`);
    // Every given criterion narrows the scope: "access keys of this connector" is both.
    const items = await tx.query(
      `INSERT INTO nhi_certification_items (org_id, id, campaign_id, identity_id, identity_kind, identity_provider, identity_name, identity_external_id, identity_connector_id)
       SELECT org_id, gen_random_uuid(), $2, id, kind, provider, name, external_id, connector_id
         FROM nhi_identities
        WHERE org_id = $1 AND state = 'active'
          AND (cardinality($3::uuid[]) = 0 OR connector_id = ANY ($3::uuid[]))
          AND (cardinality($4::text[]) = 0 OR kind = ANY ($4::text[]))
          AND (cardinality($5::uuid[]) = 0 OR id = ANY ($5::uuid[]))`,
      [caller.orgId, campaign.id, campaign.scope_connector_ids, campaign.scope_kinds, campaign.scope_identity_ids],
    );
    if (items.rowCount === 0) throw conflict('no active identity is in the campaign’s scope: there is nothing to review');
    await tx.query(`UPDATE nhi_certification_campaigns SET status = 'in_review', started_at = $3 WHERE org_id = $1 AND id = $2`, [caller.orgId, campaign.id, now]);
    await recordAudit(tx, { ...caller.audit, action: 'certification.campaign.started', subject: campaign.id, result: 'success', detail: { items: items.rowCount } });
    return campaignViewOf(await selectCampaign(tx, caller.orgId, campaign.id), now);
  });
}

/** POST .../cancel: from created or in_review (its end passed or not); decisions already taken, and remediations they opened, stay. */
export async function cancelCampaign(db: Database, caller: GovernanceCaller, campaignId: string, now: Date): Promise<NhiCertificationCampaign> {
  return db.transaction(async (tx) => {
    const campaign = await selectCampaign(tx, caller.orgId, campaignId, true);
    if (campaign.status !== 'created' && campaign.status !== 'in_review') throw conflict(`only a created campaign or one in review can be cancelled; it is ${stateAt(campaign, now)}`);
    await tx.query(`UPDATE nhi_certification_campaigns SET status = 'cancelled', cancelled_at = $3, cancelled_by_user_id = $4 WHERE org_id = $1 AND id = $2`, [
      caller.orgId,
      campaign.id,
      now,
      caller.userId,
    ]);
    await recordAudit(tx, { ...caller.audit, action: 'certification.campaign.cancelled', subject: campaign.id, result: 'success', detail: { from: campaign.status, answered: campaign.answered, items: campaign.items } });
    return campaignViewOf(await selectCampaign(tx, caller.orgId, campaign.id), now);
  });
}

/**
 * POST .../close. From in_review or review_done (before or after its end): the review
 * ends, unanswered items take the campaign's onNoResponse (a revoke opens a
 * remediation, requested by the closer), and the campaign moves to in_remediation when
 * it holds revoke decisions, else to closed. From in_remediation: closed (the
 * remediations are the remediation capability's from then on). Anything else is not
 * active: 409, as Okta answers.
 */
export async function closeCampaign(db: Database, caller: GovernanceCaller, campaignId: string, now: Date): Promise<NhiCertificationCampaign> {
  return db.transaction(async (tx) => {
    const campaign = await selectCampaign(tx, caller.orgId, campaignId, true);
    if (campaign.status === 'in_remediation') {
      await markClosed(tx, caller, campaign, 'closed', now, {});
      return campaignViewOf(await selectCampaign(tx, caller.orgId, campaign.id), now);
    }
    if (campaign.status !== 'in_review' && campaign.status !== 'review_done') throw conflict(`only an active campaign can be closed; it is ${stateAt(campaign, now)}`);
    const unanswered = await applyNoResponse(tx, caller, campaign, now);
    // Counted now, in a statement of its own: answers committed while the lock was awaited count.
    const revoked = await tx.query(`SELECT 1 FROM nhi_certification_items WHERE org_id = $1 AND campaign_id = $2 AND decision = 'revoke' LIMIT 1`, [caller.orgId, campaign.id]);
    await markClosed(tx, caller, campaign, revoked.rows.length > 0 ? 'in_remediation' : 'closed', now, { no_response: { items: unanswered, decision: campaign.on_no_response } });
    return campaignViewOf(await selectCampaign(tx, caller.orgId, campaign.id), now);
  });
}

async function markClosed(tx: Queryable, caller: GovernanceCaller, campaign: CampaignRow, to: 'in_remediation' | 'closed', now: Date, detail: Record<string, unknown>): Promise<void> {
  await tx.query(
    `UPDATE nhi_certification_campaigns SET status = $3, closed_at = CASE WHEN $3 = 'closed' THEN $4::timestamptz END, closed_by_user_id = CASE WHEN $3 = 'closed' THEN $5::uuid END
      WHERE org_id = $1 AND id = $2`,
    [caller.orgId, campaign.id, to, now, caller.userId],
  );
  await recordAudit(tx, { ...caller.audit, action: 'certification.campaign.closed', subject: campaign.id, result: 'success', detail: { from: campaign.status, to, ...detail } });
}

/** Gives every unanswered item the campaign's onNoResponse, each audited like an answer; returns how many there were. */
async function applyNoResponse(tx: Queryable, caller: GovernanceCaller, campaign: CampaignRow, now: Date): Promise<number> {
  const decision = campaign.on_no_response;
  const { rows } = await tx.query<{ id: string; identity_id: string }>(
    `UPDATE nhi_certification_items SET decision = $3, decision_source = 'no_response', decided_at = $4, decided_by_user_id = $5
      WHERE org_id = $1 AND campaign_id = $2 AND decision IS NULL
      RETURNING id, identity_id`,
    [caller.orgId, campaign.id, decision, now, caller.userId],
  );
  for (const item of rows) {
    const remediationId = decision === 'revoke' ? await openRemediation(tx, caller, campaign, item, 'no response by the campaign’s end; the campaign revokes on no response', now) : null;
    await recordAudit(tx, {
      ...caller.audit,
      action: decision === 'keep' ? 'certification.item.certified' : 'certification.item.revoked',
      subject: item.id,
      result: 'success',
      detail: { campaign_id: campaign.id, identity_id: item.identity_id, source: 'no_response', remediation_id: remediationId },
    });
  }
  return rows.length;
}

function unique(values: readonly string[] | undefined): string[] {
  return [...new Set(values ?? [])];
}
