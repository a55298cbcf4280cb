import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { personalOrganizationOf } from '../../../organizations/index.js';
import { originOfContext, recordIdentityEvent } from '../../../platform/audit/identity-trail.js';
import { asUser } from '../../../platform/principal.js';
import type { RefreshCookie } from '../refresh-cookie.js';
import type { Sessions } from '../sessions.js';

/**
 * POST /api/v1/auth/logout: ends the caller's session; its access and refresh tokens stop
 * working at once. The answer also clears the dashboard's refresh cookie, whoever calls.
 */
export function logout(deps: { db: Database; sessions: Pick<Sessions, 'end'>; refreshCookie: RefreshCookie }): OperationHandler<'logout'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    await deps.db.transaction(async (tx) => {
      await deps.sessions.end(tx, principal.sessionId, 'signed_out');
      const personal = await personalOrganizationOf(tx, principal.userId);
      await recordIdentityEvent(tx, personal, originOfContext(ctx), { actor: { userId: principal.userId }, action: 'session.signed_out' });
    });
    return { status: 204, headers: { 'set-cookie': deps.refreshCookie.clear() } };
  };
}
