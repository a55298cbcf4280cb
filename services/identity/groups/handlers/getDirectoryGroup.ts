import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { getGroup } from '../group-mappings.js';

/** GET /api/v1/identity/groups/{id}: one directory group of the organization. */
export function getDirectoryGroup(deps: { db: Database }): OperationHandler<'getDirectoryGroup'> {
  return async (ctx) => ({ status: 200, body: await getGroup(deps.db, requirePrincipal(ctx).orgId, ctx.params.id) });
}
