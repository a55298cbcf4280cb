import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { DelegationReads } from '../delegations.js';

/** GET /nhi/api/v1/delegations: the organization's delegations, filtered by delegator, delegate and inForce (evaluated now), cursor-paginated. */
export function listNhiDelegations(deps: { delegations: DelegationReads }): OperationHandler<'listNhiDelegations'> {
  return async (ctx) => ({ status: 200, body: await deps.delegations.list(requirePrincipal(ctx).orgId, ctx.query) });
}
