import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { DomainClaims } from '../domain-claims.js';

/** POST /api/v1/identity/domains: claims a domain, pending until its TXT record is verified. */
export function claimIdentityDomain(deps: { claims: DomainClaims }): OperationHandler<'claimIdentityDomain'> {
  return async (ctx) => {
    const { domain } = ctx.body;
    const claimed = await deps.claims.claim({ principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, domain);
    return { status: 201, body: claimed };
  };
}
