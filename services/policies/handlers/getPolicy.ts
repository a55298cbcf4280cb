import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { getPolicy as readPolicy } from '../policies.js';

/** GET /api/v1/policies/{id}: one policy with its latest version. */
export function getPolicy(deps: { db: Database }): OperationHandler<'getPolicy'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await readPolicy(deps.db, principal.orgId, ctx.params.id) };
  };
}
