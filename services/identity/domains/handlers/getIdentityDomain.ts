import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { DomainClaims } from '../domain-claims.js';

/** GET /api/v1/identity/domains/{id}: one claimed domain of the organization, with the record that verifies it. */
export function getIdentityDomain(deps: { claims: DomainClaims }): OperationHandler<'getIdentityDomain'> {
  return async (ctx) => ({ status: 200, body: await deps.claims.get(requirePrincipal(ctx).orgId, ctx.params.id) });
}
