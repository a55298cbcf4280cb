import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { asUser } from '../../../platform/principal.js';
import { acceptInvitation as accept } from '../invitation-service.js';

/** POST /api/v1/invitations/accept: the signed-in person redeems a token addressed to them and joins its organization. */
export function acceptInvitation(deps: { db: Database }): OperationHandler<'acceptInvitation'> {
  return async (ctx) => {
    const { token } = ctx.body;
    const organization = await accept(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, token);
    return { status: 200, body: organization };
  };
}
