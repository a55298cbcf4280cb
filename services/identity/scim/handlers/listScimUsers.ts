import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { listResources, type ListQuery } from '../listing.js';
import { directoryCallerOf, scimAnswer } from '../scim-http.js';

/** GET /api/scim/v2/Users: a page of the directory's users, filtered and sorted in the database. */
export function listScimUsers(deps: { db: Database }): OperationHandler {
  return async (ctx) => scimAnswer(200, await listResources(deps.db, 'User', directoryCallerOf(ctx).orgId, ctx.query as ListQuery));
}
