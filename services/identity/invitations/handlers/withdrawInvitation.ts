import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { asUser } from '../../../platform/principal.js';
import { withdrawInvitation as withdraw } from '../invitation-service.js';

/** DELETE /api/v1/invitations/{id}: withdraws an invitation; withdrawing again is a no-op. */
export function withdrawInvitation(deps: { db: Database }): OperationHandler<'withdrawInvitation'> {
  return async (ctx) => {
    await withdraw(deps.db, { operationId: ctx.operationId, principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
