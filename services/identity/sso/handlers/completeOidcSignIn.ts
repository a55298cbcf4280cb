import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import type { BrowserBinding } from '../browser-binding.js';
import type { SignIn } from '../sign-in.js';
import { redirectTo } from '../redirect.js';

/**
 * GET /api/v1/auth/sso/oidc/callback: the authorization response redeemed, if this browser started the sign-in;
 * a redirect to the return address with code or error, the binding cookie cleared either way.
 */
export function completeOidcSignIn(deps: { signIn: SignIn; binding: BrowserBinding }): OperationHandler<'completeOidcSignIn'> {
  return async (ctx) => redirectTo(await deps.signIn.oidcCallback({ origin: originOfContext(ctx), log: ctx.log, cookieHeader: ctx.headers.cookie }, ctx.query), deps.binding.release());
}
