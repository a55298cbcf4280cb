import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { DelegationReads } from '../delegations.js';

/** GET /nhi/api/v1/delegations/{delegationId}: one delegation, its state evaluated now. */
export function getNhiDelegation(deps: { delegations: DelegationReads }): OperationHandler<'getNhiDelegation'> {
  return async (ctx) => ({ status: 200, body: await deps.delegations.get(requirePrincipal(ctx).orgId, ctx.params.delegationId) });
}
