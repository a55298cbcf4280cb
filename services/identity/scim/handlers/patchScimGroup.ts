import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { patchGroup } from '../group-provisioning.js';
import { readPatchOperations, type PatchRequest } from '../patch.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader } from '../scim-http.js';

/**
 * PATCH /api/scim/v2/Groups/{id}: 204 No Content, or 200 with the group when the
 * request names attributes or excludedAttributes (RFC 7644 section 3.5.2 allows either).
 */
export function patchScimGroup(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const caller = directoryCallerOf(ctx);
    const resource = await patchGroup(deps.db, caller, ctx.params.id!, readPatchOperations('Group', ctx.body as PatchRequest));
    const projection = projectionOf(ctx.query);
    if (!projection.attributes && !projection.excludedAttributes) return { status: 204, headers: versionHeader(resource) };
    return scimAnswer(200, project('Group', resource, projection), versionHeader(resource));
  };
}
