import type { OperationHandler } from '../../http/handler.js';
import { requirePrincipal } from '../../http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { personalOrganizationOf } from '../../organizations/organizations.js';
import { originOfContext, recordIdentityEvent } from '../identity-audit.js';
import { asUser } from '../principal.js';
import type { Sessions } from '../sessions.js';

/** POST /api/v1/auth/logout: ends the caller's session; its access and refresh tokens stop working at once. */
export function logout(deps: { db: Database; sessions: Pick<Sessions, 'end'> }): OperationHandler {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    await deps.db.transaction(async (tx) => {
      await deps.sessions.end(tx, principal.sessionId, 'signed_out');
      const personal = await personalOrganizationOf(tx, principal.userId);
      await recordIdentityEvent(tx, personal, originOfContext(ctx), { actor: { userId: principal.userId }, action: 'session.signed_out' });
    });
    return { status: 204 };
  };
}
