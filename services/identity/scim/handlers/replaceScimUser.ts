import type { Database } from '../../../platform/db/database.js';
import { replaceUser } from '../user-provisioning.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';

/** PUT /api/scim/v2/Users/{id}: replaces the user's attributes and answers it. */
export function replaceScimUser(deps: { db: Database }): ScimHandler<'replaceScimUser'> {
  return async (ctx) => {
    const resource = await replaceUser(deps.db, directoryCallerOf(ctx), ctx.params.id, ctx.body);
    return scimAnswer(200, project('User', resource, projectionOf(ctx.query)), versionHeader(resource));
  };
}
