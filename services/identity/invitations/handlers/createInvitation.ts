import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { asUser } from '../../../platform/principal.js';
import { issueInvitation } from '../invitation-service.js';

/** POST /api/v1/invitations: invites an address; the response is the only time the token is shown. */
export function createInvitation(deps: { db: Database }): OperationHandler<'createInvitation'> {
  return async (ctx) => {
    const body = ctx.body;
    const caller = { operationId: ctx.operationId, principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) };
    const invitation = await issueInvitation(deps.db, caller, { email: body.email, role: body.role });
    return { status: 201, body: invitation, headers: { 'cache-control': 'no-store' } };
  };
}
