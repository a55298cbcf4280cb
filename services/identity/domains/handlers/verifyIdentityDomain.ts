import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { DomainClaims } from '../domain-claims.js';

/** POST /api/v1/identity/domains/{id}/verify: looks the claim's TXT record up and marks the domain verified when it carries the claim's value. */
export function verifyIdentityDomain(deps: { claims: DomainClaims }): OperationHandler<'verifyIdentityDomain'> {
  return async (ctx) => ({ status: 200, body: await deps.claims.verify({ principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id) });
}
