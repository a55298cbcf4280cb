import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import { startCampaign } from '../lifecycle.js';

/** POST /nhi/api/v1/certification/campaigns/{campaignId}/start: the active identities in scope become its items; in review until its end. */
export function startCertificationCampaign(deps: { db: Database; now: () => Date }): OperationHandler<'startCertificationCampaign'> {
  return async (ctx) => ({ status: 200, body: await startCampaign(deps.db, governanceCallerOf(ctx), ctx.params.campaignId, deps.now()) });
}
