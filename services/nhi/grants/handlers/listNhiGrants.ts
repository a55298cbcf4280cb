import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Grants } from '../grants.js';

/** GET /nhi/api/v1/grants: the organization's grants, newest request first, filtered by status, identity and whether in force now. */
export function listNhiGrants(deps: { grants: Grants }): OperationHandler<'listNhiGrants'> {
  return async (ctx) => ({ status: 200, body: await deps.grants.list(requirePrincipal(ctx).orgId, ctx.query) });
}
