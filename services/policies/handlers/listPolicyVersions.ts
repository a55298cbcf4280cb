import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { boundedLimit, listPolicyVersions as readVersions } from '../policies.js';

/** GET /api/v1/policies/{id}/versions: newest version first, bounded by limit (not paginated). */
export function listPolicyVersions(deps: { db: Database }): OperationHandler<'listPolicyVersions'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const limit = boundedLimit(ctx.query.limit);
    return { status: 200, body: { versions: await readVersions(deps.db, principal.orgId, ctx.params.id, limit), limit } };
  };
}
