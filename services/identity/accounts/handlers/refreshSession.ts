import type { OperationHandler } from '../../../platform/http/handler.js';
import { unauthorized } from '../../../platform/errors.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { RefreshCookie } from '../refresh-cookie.js';
import type { SessionRenewal } from '../session-renewal.js';

/**
 * POST /api/v1/auth/refresh: a used refresh token for a new pair (session-renewal.ts). The token comes in
 * the body (the CLI) or, from the dashboard, in its cookie, accepted only with proof the request is the
 * dashboard's own (refresh-cookie.ts: 403 otherwise, and nothing rotates).
 */
export function refreshSession(deps: { renewSession: SessionRenewal; refreshCookie: RefreshCookie }): OperationHandler<'refreshSession'> {
  return async (ctx) => {
    const refreshToken = ctx.body?.refresh_token ?? deps.refreshCookie.presented(ctx.headers);
    if (refreshToken === undefined) {
      ctx.log.info({ credential_refused: 'no refresh token in the body or a cookie' }, 'refresh refused');
      throw unauthorized();
    }
    const tokens = await deps.renewSession(refreshToken, originOfContext(ctx), ctx.log);
    return deps.refreshCookie.tokensAnswer(200, tokens, ctx.headers);
  };
}
