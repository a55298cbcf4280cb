import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Inventory } from '../inventory.js';

/** GET /nhi/api/v1/identities/{identityId}: one identity of the inventory. */
export function getIdentity(deps: { inventory: Inventory }): OperationHandler<'getIdentity'> {
  return async (ctx) => ({ status: 200, body: await deps.inventory.getIdentity(requirePrincipal(ctx).orgId, ctx.params.identityId) });
}
