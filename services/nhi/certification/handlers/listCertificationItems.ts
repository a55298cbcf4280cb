import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { CampaignReads } from '../campaigns.js';

/** GET /nhi/api/v1/certification/campaigns/{campaignId}/items: its items and their decisions, filtered by decision and reviewer, cursor-paginated. */
export function listCertificationItems(deps: { campaigns: CampaignReads }): OperationHandler<'listCertificationItems'> {
  return async (ctx) => ({ status: 200, body: await deps.campaigns.items(requirePrincipal(ctx).orgId, ctx.params.campaignId, ctx.query) });
}
