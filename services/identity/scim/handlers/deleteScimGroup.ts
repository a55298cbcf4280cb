import type { Database } from '../../../platform/db/database.js';
import { deleteGroup } from '../group-provisioning.js';
import { directoryCallerOf, type ScimHandler } from '../scim-http.js';

/** DELETE /api/scim/v2/Groups/{id}: 204; a second delete, like another organization's group, is 404. */
export function deleteScimGroup(deps: { db: Database }): ScimHandler<'deleteScimGroup'> {
  return async (ctx) => {
    await deleteGroup(deps.db, directoryCallerOf(ctx), ctx.params.id);
    return { status: 204 };
  };
}
