import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import type { SignIn } from '../sign-in.js';
import { redirectTo } from '../redirect.js';

/** POST /api/v1/auth/sso/{providerId}/saml/acs: the posted response checked; a redirect to the return address with code or error. */
export function consumeSamlAssertion(deps: { signIn: SignIn }): OperationHandler {
  return async (ctx) => {
    const form = ctx.body as { SAMLResponse: string; RelayState?: string };
    return redirectTo(await deps.signIn.samlAssertion({ origin: originOfContext(ctx), log: ctx.log }, ctx.params.providerId!, form));
  };
}
