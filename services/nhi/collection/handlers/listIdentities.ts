import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Inventory } from '../inventory.js';

/** GET /nhi/api/v1/identities: the inventory, filtered by kind, provider, connector and state, cursor-paginated. */
export function listIdentities(deps: { inventory: Inventory }): OperationHandler<'listIdentities'> {
  return async (ctx) => ({ status: 200, body: await deps.inventory.listIdentities(requirePrincipal(ctx).orgId, ctx.query) });
}
