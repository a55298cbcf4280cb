import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { listResources, type ListQuery } from '../listing.js';
import { directoryCallerOf, scimAnswer } from '../scim-http.js';

/** GET /api/scim/v2/Groups: a page of the directory's groups, filtered and sorted in the database. */
export function listScimGroups(deps: { db: Database }): OperationHandler {
  return async (ctx) => scimAnswer(200, await listResources(deps.db, 'Group', directoryCallerOf(ctx).orgId, ctx.query as ListQuery));
}
