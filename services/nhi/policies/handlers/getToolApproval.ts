import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Approvals } from '../approvals.js';

/** GET /nhi/api/v1/identities/{identityId}/approval: the approved definition, 404 when there is none. */
export function getToolApproval(deps: { approvals: Approvals }): OperationHandler<'getToolApproval'> {
  return async (ctx) => ({ status: 200, body: await deps.approvals.get(requirePrincipal(ctx).orgId, ctx.params.identityId) });
}
