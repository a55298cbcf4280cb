import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { DomainClaims } from '../domain-claims.js';

/** POST /api/v1/identity/domains/{id}/token: a new verification token for an unverified claim, valid a week. */
export function reissueIdentityDomainToken(deps: { claims: DomainClaims }): OperationHandler<'reissueIdentityDomainToken'> {
  return async (ctx) => ({ status: 200, body: await deps.claims.reissueToken({ principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id) });
}
