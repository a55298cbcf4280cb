// A revoke decision opens a remediation through the remediation
// capability, in the decision's transaction, linked to the campaign's item: the
// action the identity's kind supports (disable an access key, delete a service
// account token, revoke a tool's approval), else `manual`, for a person to carry out.
// It then follows the remediation's own approval: a campaign's answer is a request,
// never an approval.
import type { Queryable } from '../../platform/db/database.js';
import type { GovernanceCaller } from '../governance/index.js';
import { actionsForKind, requestRemediation } from '../remediation/index.js';
import type { CampaignRow } from './campaigns.js';

const MANUAL = 'manual';
/** The remediation's reason is at most this long (the remediation capability's limit). */
const MAX_REASON = 2000;

/**
 * The remediation of a revoked item, requested by the caller (the reviewer who answered,
 * or the closer for no response); null when the identity has left its provider's
 * inventory since the campaign started: there is nothing left to act on, and the
 * decision stands on its own.
 */
export async function openRemediation(tx: Queryable, caller: GovernanceCaller, campaign: Pick<CampaignRow, 'id' | 'name'>, item: { id: string; identity_id: string }, why: string, now: Date): Promise<string | null> {
  const { rows } = await tx.query<{ kind: string }>(`SELECT kind FROM nhi_identities WHERE org_id = $1 AND id = $2 AND state = 'active'`, [caller.orgId, item.identity_id]);
  const identity = rows[0];
  if (identity === undefined) return null;
  const action = actionsForKind(identity.kind).find((candidate) => candidate !== MANUAL) ?? MANUAL;
  const { id } = await requestRemediation(
    tx,
    caller,
    { identityId: item.identity_id, action, reason: `certification campaign “${campaign.name}”: revoked (${why})`.slice(0, MAX_REASON), campaignItem: { campaignId: campaign.id, itemId: item.id } },
    now,
  );
  await tx.query('UPDATE nhi_certification_items SET remediation_id = $3 WHERE org_id = $1 AND id = $2', [caller.orgId, item.id, id]);
  return id;
}
