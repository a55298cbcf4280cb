import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { listInvitations as list } from '../invitations.js';

/** GET /api/v1/invitations: the acting organization's invitations in every state, newest first; never a token. */
export function listInvitations(deps: { db: Database }): OperationHandler<'listInvitations'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { invitations: await list(deps.db, principal.orgId) } };
  };
}
