import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Approvals } from '../approvals.js';
import { callerOfContext } from '../caller.js';

/** DELETE /nhi/api/v1/identities/{identityId}/approval: withdraws the approval (204 whether or not there was one). */
export function revokeToolApproval(deps: { approvals: Approvals }): OperationHandler<'revokeToolApproval'> {
  return async (ctx) => {
    await deps.approvals.revoke(callerOfContext(ctx), ctx.params.identityId);
    return { status: 204 };
  };
}
