import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { unauthorized } from '../../../platform/errors.js';
import { originOfContext, recordIdentityEvent } from '../../../platform/audit/identity-trail.js';
import type { RefreshCookie } from '../refresh-cookie.js';
import type { Sessions } from '../sessions.js';
import { systemScope } from '../../../platform/tenancy.js';
import { redeemSignInCode } from '../sign-in-codes.js';

/**
 * POST /api/v1/auth/exchange: the one-time code a social or SSO sign-in handed out,
 * for a session. The sign-in is audited where the code says (spec 6.2).
 */
export function exchangeSignInCode(deps: { db: Database; sessions: Pick<Sessions, 'start'>; refreshCookie: RefreshCookie }): OperationHandler<'exchangeSignInCode'> {
  return async (ctx) => {
    const { code } = ctx.body;
    const origin = originOfContext(ctx);
    const tokens = await deps.db.transaction(async (tx) => {
      const grant = await redeemSignInCode(tx, systemScope('authenticate-credential'), code);
      if (!grant) return undefined;
      await recordIdentityEvent(tx, grant.orgId, origin, { actor: { userId: grant.userId }, action: 'session.signed_in', detail: { method: grant.method, ...(grant.ssoProviderId === undefined ? {} : { sso_provider_id: grant.ssoProviderId }) } });
      return deps.sessions.start(tx, grant.userId, grant.method);
    });
    if (!tokens) {
      ctx.log.info({ credential_refused: 'sign-in code unknown, used or expired' }, 'exchange refused');
      throw unauthorized();
    }
    return deps.refreshCookie.tokensAnswer(200, tokens, ctx.headers);
  };
}
