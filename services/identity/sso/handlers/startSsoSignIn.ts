import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import type { SignIn } from '../sign-in.js';
import { redirectTo } from '../redirect.js';

/** GET /api/v1/auth/sso/{providerId}/start: a redirect to the identity provider, the sign-in recorded as pending and the browser bound to it. */
export function startSsoSignIn(deps: { signIn: SignIn }): OperationHandler<'startSsoSignIn'> {
  return async (ctx) => {
    const returnTo = typeof ctx.query.return_to === 'string' ? ctx.query.return_to : undefined;
    const departure = await deps.signIn.start({ origin: originOfContext(ctx), log: ctx.log, cookieHeader: ctx.headers.cookie }, ctx.params.providerId, returnTo);
    return redirectTo(departure.location, departure.binding);
  };
}
