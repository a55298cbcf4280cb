import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';

import { mapGroup } from '../group-mappings.js';

/** PATCH /api/v1/identity/groups/{id}: maps the group to a role (never owner) or unmaps it, effective at once; see group-mappings.ts. */
export function updateDirectoryGroup(deps: { db: Database }): OperationHandler<'updateDirectoryGroup'> {
  return async (ctx) => {
    const { role } = ctx.body;
    const group = await mapGroup(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id, role);
    return { status: 200, body: group };
  };
}
