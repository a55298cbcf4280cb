import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../requests.js';
import { createDelegation } from '../delegations.js';

/** POST /nhi/api/v1/delegations: the caller hands their approving or reviewing authority to another member for a period. */
export function createNhiDelegation(deps: { db: Database; now: () => Date }): OperationHandler<'createNhiDelegation'> {
  return async (ctx) => ({ status: 201, body: await createDelegation(deps.db, governanceCallerOf(ctx), ctx.body, deps.now()) });
}
