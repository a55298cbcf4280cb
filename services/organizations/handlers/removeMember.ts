import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { removeMember as remove } from '../members.js';

/** DELETE /api/v1/members/{userId}: removes a member; the API keys they issued keep working. */
export function removeMember(deps: { db: Database }): OperationHandler<'removeMember'> {
  return async (ctx) => {
    await remove(deps.db, { operationId: ctx.operationId, principal: requirePrincipal(ctx), origin: originOfContext(ctx), targetUserId: ctx.params.userId });
    return { status: 204 };
  };
}
