import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { DomainClaims } from '../domain-claims.js';

/** GET /api/v1/identity/domains: the organization's claimed domains, newest first, cursor-paginated. */
export function listIdentityDomains(deps: { claims: DomainClaims }): OperationHandler<'listIdentityDomains'> {
  return async (ctx) => ({ status: 200, body: await deps.claims.list(requirePrincipal(ctx).orgId, ctx.query) });
}
