import type { OperationHandler } from '../../../platform/http/handler.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { RefreshCookie } from '../refresh-cookie.js';
import type { SignUp } from '../sign-up.js';

/**
 * POST /api/v1/auth/signup: an account, its personal organization on the Free plan, and a first session;
 * for the address of an account a directory created, 202 and a link that claims it (sign-up.ts).
 */
export function signup(deps: { signUp: SignUp; refreshCookie: RefreshCookie }): OperationHandler<'signup'> {
  return async (ctx) => {
    const { email, name, password } = ctx.body;
    const outcome = await deps.signUp({ email, name, password }, originOfContext(ctx), ctx.log);
    if ('tokens' in outcome) return deps.refreshCookie.tokensAnswer(201, outcome.tokens, ctx.headers);
    return { status: 202, body: { email: outcome.claimed.email, expires_at: outcome.claimed.expiresAt.toISOString() } };
  };
}
