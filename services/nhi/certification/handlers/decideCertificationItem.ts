import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import { answerItem } from '../decisions.js';

/** POST /nhi/api/v1/certification/campaigns/{campaignId}/items/{itemId}/decision: a reviewer (or their delegate) answers keep or revoke, once. */
export function decideCertificationItem(deps: { db: Database; now: () => Date }): OperationHandler<'decideCertificationItem'> {
  return async (ctx) => ({ status: 200, body: await answerItem(deps.db, governanceCallerOf(ctx), ctx.params.campaignId, ctx.params.itemId, ctx.body, deps.now()) });
}
