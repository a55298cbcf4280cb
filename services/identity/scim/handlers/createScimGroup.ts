import type { Database } from '../../../platform/db/database.js';
import { createGroup } from '../group-provisioning.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';

/** POST /api/scim/v2/Groups: 201 with the group; 409 for a taken displayName. */
export function createScimGroup(deps: { db: Database }): ScimHandler<'createScimGroup'> {
  return async (ctx) => {
    const group = await createGroup(deps.db, directoryCallerOf(ctx), ctx.body);
    return scimAnswer(201, project('Group', group, projectionOf(ctx.query)), { location: group.meta.location, ...versionHeader(group) });
  };
}
