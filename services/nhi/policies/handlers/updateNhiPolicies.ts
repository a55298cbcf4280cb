import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import { updatePolicies } from '../settings.js';

/** PATCH /nhi/api/v1/policies: an Organization Admin changes policies' settings; each changed policy audited as policy.updated. */
export function updateNhiPolicies(deps: { db: Database; now: () => Date }): OperationHandler<'updateNhiPolicies'> {
  return async (ctx) => ({ status: 200, body: { items: await updatePolicies(deps.db, callerOfContext(ctx), ctx.body, deps.now()) } });
}
