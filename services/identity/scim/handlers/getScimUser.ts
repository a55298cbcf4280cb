import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import { project, projectionOf, renderUser } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';
import { findScimUser, groupsOfUsers } from '../scim-store.js';

/** GET /api/scim/v2/Users/{id}: another organization's user is the same 404 as a missing one. */
export function getScimUser(deps: { db: Database }): ScimHandler<'getScimUser'> {
  return async (ctx) => {
    const { orgId } = directoryCallerOf(ctx);
    const row = await findScimUser(deps.db, orgId, ctx.params.id);
    if (!row) throw notFound();
    const user = renderUser(row, (await groupsOfUsers(deps.db, orgId, [row.id])).get(row.id)!);
    return scimAnswer(200, project('User', user, projectionOf(ctx.query)), versionHeader(user));
  };
}
