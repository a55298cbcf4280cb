import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import { closeCampaign } from '../lifecycle.js';

/** POST /nhi/api/v1/certification/campaigns/{campaignId}/close: ends the review (unanswered items take onNoResponse), then the remediation stage; 409 when not active. */
export function closeCertificationCampaign(deps: { db: Database; now: () => Date }): OperationHandler<'closeCertificationCampaign'> {
  return async (ctx) => ({ status: 200, body: await closeCampaign(deps.db, governanceCallerOf(ctx), ctx.params.campaignId, deps.now()) });
}
