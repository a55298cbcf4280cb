import type { Database } from '../../../platform/db/database.js';
import { patchUser } from '../user-provisioning.js';
import { readPatchOperations } from '../patch.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';

/**
 * PATCH /api/scim/v2/Users/{id}: 204 No Content, or 200 with the user when the
 * request names attributes or excludedAttributes (RFC 7644 section 3.5.2 allows either).
 */
export function patchScimUser(deps: { db: Database }): ScimHandler<'patchScimUser'> {
  return async (ctx) => {
    const caller = directoryCallerOf(ctx);
    const resource = await patchUser(deps.db, caller, ctx.params.id, readPatchOperations('User', ctx.body));
    const projection = projectionOf(ctx.query);
    if (!projection.attributes && !projection.excludedAttributes) return { status: 204, headers: versionHeader(resource) };
    return scimAnswer(200, project('User', resource, projection), versionHeader(resource));
  };
}
