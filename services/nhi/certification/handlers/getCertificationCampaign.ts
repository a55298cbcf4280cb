import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { CampaignReads } from '../campaigns.js';

/** GET /nhi/api/v1/certification/campaigns/{campaignId}: one campaign with its progress, its state as of now. */
export function getCertificationCampaign(deps: { campaigns: CampaignReads }): OperationHandler<'getCertificationCampaign'> {
  return async (ctx) => ({ status: 200, body: await deps.campaigns.get(requirePrincipal(ctx).orgId, ctx.params.campaignId) });
}
