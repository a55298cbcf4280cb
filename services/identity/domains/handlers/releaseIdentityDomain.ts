import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { DomainClaims } from '../domain-claims.js';

/** DELETE /api/v1/identity/domains/{id}: gives the claim up, verified or not. */
export function releaseIdentityDomain(deps: { claims: DomainClaims }): OperationHandler<'releaseIdentityDomain'> {
  return async (ctx) => {
    await deps.claims.release({ principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
