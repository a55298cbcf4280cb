import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { samlRelayPage, type BrowserBinding } from '../browser-binding.js';
import type { SignIn } from '../sign-in.js';
import { redirectTo } from '../redirect.js';

/**
 * POST /api/v1/auth/sso/{providerId}/saml/acs: the posted response checked, if this browser started the sign-in
 * (or the provider accepts IdP-initiated ones); a redirect to the return address with code or error, the
 * binding cookie cleared. A post without the cookie is first answered with a page posting it again same-site.
 */
export function consumeSamlAssertion(deps: { signIn: SignIn; binding: BrowserBinding }): OperationHandler<'consumeSamlAssertion'> {
  return async (ctx) => {
    const form = ctx.body;
    const answer = await deps.signIn.samlAssertion({ origin: originOfContext(ctx), log: ctx.log, cookieHeader: ctx.headers.cookie }, ctx.params.providerId, form);
    return 'relayTo' in answer ? samlRelayPage(answer.relayTo, form) : redirectTo(answer.location, deps.binding.release());
  };
}
