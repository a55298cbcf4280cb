import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { CampaignReads } from '../campaigns.js';

/** GET /nhi/api/v1/certification/campaigns: the organization's campaigns with their progress, newest first, cursor-paginated. */
export function listCertificationCampaigns(deps: { campaigns: CampaignReads }): OperationHandler<'listCertificationCampaigns'> {
  return async (ctx) => ({ status: 200, body: await deps.campaigns.list(requirePrincipal(ctx).orgId, ctx.query) });
}
