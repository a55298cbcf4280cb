import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { patchUser } from '../user-provisioning.js';
import { readPatchOperations, type PatchRequest } from '../patch.js';
import { project, projectionOf } from '../resource-output.js';
import { directoryCallerOf, scimAnswer, versionHeader } from '../scim-http.js';

/**
 * PATCH /api/scim/v2/Users/{id}: 204 No Content, or 200 with the user when the
 * request names attributes or excludedAttributes (RFC 7644 section 3.5.2 allows either).
 */
export function patchScimUser(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const caller = directoryCallerOf(ctx);
    const resource = await patchUser(deps.db, caller, ctx.params.id!, readPatchOperations('User', ctx.body as PatchRequest));
    const projection = projectionOf(ctx.query);
    if (!projection.attributes && !projection.excludedAttributes) return { status: 204, headers: versionHeader(resource) };
    return scimAnswer(200, project('User', resource, projection), versionHeader(resource));
  };
}
