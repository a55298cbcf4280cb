import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import type { SignIn } from '../sign-in.js';
import { redirectTo } from '../redirect.js';

/** GET /api/v1/auth/sso/oidc/callback: the authorization response redeemed; a redirect to the return address with code or error. */
export function completeOidcSignIn(deps: { signIn: SignIn }): OperationHandler {
  return async (ctx) => redirectTo(await deps.signIn.oidcCallback({ origin: originOfContext(ctx), log: ctx.log }, ctx.query));
}
