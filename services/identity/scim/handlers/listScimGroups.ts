import type { Database } from '../../../platform/db/database.js';
import { listResources } from '../listing.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';

/** GET /api/scim/v2/Groups: a page of the directory's groups, filtered and sorted in the database. */
export function listScimGroups(deps: { db: Database }): ScimHandler<'listScimGroups'> {
  return async (ctx) => scimAnswer(200, await listResources(deps.db, 'Group', directoryCallerOf(ctx).orgId, ctx.query));
}
