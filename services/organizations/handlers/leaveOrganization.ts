import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import { leaveOrganization as leave } from '../members.js';

/** DELETE /api/v1/me/memberships/{orgId}: the caller leaves that organization; the last owner cannot. */
export function leaveOrganization(deps: { db: Database }): OperationHandler<'leaveOrganization'> {
  return async (ctx) => {
    await leave(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx), orgId: ctx.params.orgId });
    return { status: 204 };
  };
}
