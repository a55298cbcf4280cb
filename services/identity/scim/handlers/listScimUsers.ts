import type { Database } from '../../../platform/db/database.js';
import { listResources } from '../listing.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';

/** GET /api/scim/v2/Users: a page of the directory's users, filtered and sorted in the database. */
export function listScimUsers(deps: { db: Database }): ScimHandler<'listScimUsers'> {
  return async (ctx) => scimAnswer(200, await listResources(deps.db, 'User', directoryCallerOf(ctx).orgId, ctx.query));
}
