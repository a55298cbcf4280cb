import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../requests.js';
import { revokeDelegation } from '../delegations.js';

/** POST /nhi/api/v1/delegations/{delegationId}/revoke: its delegator or an Organization Admin ends it now. */
export function revokeNhiDelegation(deps: { db: Database; now: () => Date }): OperationHandler<'revokeNhiDelegation'> {
  return async (ctx) => ({ status: 200, body: await revokeDelegation(deps.db, governanceCallerOf(ctx), ctx.params.delegationId, deps.now()) });
}
