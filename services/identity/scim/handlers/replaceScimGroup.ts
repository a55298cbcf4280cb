import type { Database } from '../../../platform/db/database.js';
import { replaceGroup } from '../group-provisioning.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';

/** PUT /api/scim/v2/Groups/{id}: replaces the group's attributes and answers it. */
export function replaceScimGroup(deps: { db: Database }): ScimHandler<'replaceScimGroup'> {
  return async (ctx) => {
    const resource = await replaceGroup(deps.db, directoryCallerOf(ctx), ctx.params.id, ctx.body);
    return scimAnswer(200, project('Group', resource, projectionOf(ctx.query)), versionHeader(resource));
  };
}
