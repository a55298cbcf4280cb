import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import { project, projectionOf, renderGroup } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';
import { findScimGroup, membersOfGroups } from '../scim-store.js';

/** GET /api/scim/v2/Groups/{id}: another organization's group is the same 404 as a missing one. */
export function getScimGroup(deps: { db: Database }): ScimHandler<'getScimGroup'> {
  return async (ctx) => {
    const { orgId } = directoryCallerOf(ctx);
    const row = await findScimGroup(deps.db, orgId, ctx.params.id);
    if (!row) throw notFound();
    const projection = projectionOf(ctx.query);
    const skipMembers = projection.excludedAttributes?.some((path) => path.toLowerCase() === 'members') ?? false;
    const group = renderGroup(row, skipMembers ? [] : (await membersOfGroups(deps.db, orgId, [row.id])).get(row.id)!);
    return scimAnswer(200, project('Group', group, projection), versionHeader(group));
  };
}
