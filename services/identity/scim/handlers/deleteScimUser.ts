import type { Database } from '../../../platform/db/database.js';
import { deleteUser } from '../user-provisioning.js';
import { directoryCallerOf, type ScimHandler } from '../scim-http.js';

/** DELETE /api/scim/v2/Users/{id}: 204; a second delete, like another organization's user, is 404. */
export function deleteScimUser(deps: { db: Database }): ScimHandler<'deleteScimUser'> {
  return async (ctx) => {
    await deleteUser(deps.db, directoryCallerOf(ctx), ctx.params.id);
    return { status: 204 };
  };
}
