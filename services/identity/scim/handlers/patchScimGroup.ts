import type { Database } from '../../../platform/db/database.js';
import { patchGroup } from '../group-provisioning.js';
import { readPatchOperations } from '../patch.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader, type ScimHandler } from '../scim-http.js';

/**
 * PATCH /api/scim/v2/Groups/{id}: 204 No Content, or 200 with the group when the
 * request names attributes or excludedAttributes (RFC 7644 section 3.5.2 allows either).
 */
export function patchScimGroup(deps: { db: Database }): ScimHandler<'patchScimGroup'> {
  return async (ctx) => {
    const caller = directoryCallerOf(ctx);
    const resource = await patchGroup(deps.db, caller, ctx.params.id, readPatchOperations('Group', ctx.body));
    const projection = projectionOf(ctx.query);
    if (!projection.attributes && !projection.excludedAttributes) return { status: 204, headers: versionHeader(resource) };
    return scimAnswer(200, project('Group', resource, projection), versionHeader(resource));
  };
}
