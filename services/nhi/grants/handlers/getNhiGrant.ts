import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Grants } from '../grants.js';

/** GET /nhi/api/v1/grants/{grantId}: one grant, its stored status and whether it is in force now. */
export function getNhiGrant(deps: { grants: Grants }): OperationHandler<'getNhiGrant'> {
  return async (ctx) => ({ status: 200, body: await deps.grants.get(requirePrincipal(ctx).orgId, ctx.params.grantId) });
}
