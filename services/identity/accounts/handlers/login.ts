import type { OperationHandler } from '../../../platform/http/handler.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { proofOf } from '../../second-factor/index.js';
import type { PasswordSignIn } from '../password-sign-in.js';
import type { RefreshCookie } from '../refresh-cookie.js';

/** POST /api/v1/auth/login: a session for an email address and its password, and a second factor's code when the person has one (password-sign-in.ts). */
export function login(deps: {
  signInWithPassword: PasswordSignIn;
  /** Where a browser that asks for it keeps the refresh token. */
  refreshCookie: RefreshCookie;
}): OperationHandler<'login'> {
  return async (ctx) => {
    const { email, password } = ctx.body;
    const proof = proofOf(ctx.body);
    const tokens = await deps.signInWithPassword({ email, password, proof }, originOfContext(ctx), ctx.log);
    return deps.refreshCookie.tokensAnswer(200, tokens, ctx.headers);
  };
}
