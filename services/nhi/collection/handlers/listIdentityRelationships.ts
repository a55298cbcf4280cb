import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Inventory } from '../inventory.js';

/** GET /nhi/api/v1/identities/{identityId}/relationships: both directions, cursor-paginated. */
export function listIdentityRelationships(deps: { inventory: Inventory }): OperationHandler<'listIdentityRelationships'> {
  return async (ctx) => ({ status: 200, body: await deps.inventory.listRelationships(requirePrincipal(ctx).orgId, ctx.params.identityId, ctx.query) });
}
