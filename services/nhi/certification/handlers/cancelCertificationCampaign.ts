import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import { cancelCampaign } from '../lifecycle.js';

/** POST /nhi/api/v1/certification/campaigns/{campaignId}/cancel: from created or in review; the answers given stay. */
export function cancelCertificationCampaign(deps: { db: Database; now: () => Date }): OperationHandler<'cancelCertificationCampaign'> {
  return async (ctx) => ({ status: 200, body: await cancelCampaign(deps.db, governanceCallerOf(ctx), ctx.params.campaignId, deps.now()) });
}
