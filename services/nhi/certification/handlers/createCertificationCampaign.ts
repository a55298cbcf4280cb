import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import { openCampaign } from '../lifecycle.js';

/** POST /nhi/api/v1/certification/campaigns: an Organization Admin opens a campaign (certification:manage). */
export function createCertificationCampaign(deps: { db: Database; now: () => Date }): OperationHandler<'createCertificationCampaign'> {
  return async (ctx) => ({ status: 201, body: await openCampaign(deps.db, governanceCallerOf(ctx), ctx.body, deps.now()) });
}
