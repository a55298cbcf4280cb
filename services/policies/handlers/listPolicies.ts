import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { boundedLimit, listPolicies as readPolicies } from '../policies.js';

/** GET /api/v1/policies: newest first, bounded by limit (not paginated). */
export function listPolicies(deps: { db: Database }): OperationHandler<'listPolicies'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const limit = boundedLimit(ctx.query.limit);
    return { status: 200, body: { policies: await readPolicies(deps.db, principal.orgId, limit), limit } };
  };
}
