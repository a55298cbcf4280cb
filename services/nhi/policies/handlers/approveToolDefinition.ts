import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Approvals } from '../approvals.js';
import { callerOfContext } from '../caller.js';

/** PUT /nhi/api/v1/identities/{identityId}/approval: approves the definition whose fingerprint the body names. */
export function approveToolDefinition(deps: { approvals: Approvals }): OperationHandler<'approveToolDefinition'> {
  return async (ctx) => {
    const { fingerprint } = ctx.body;
    return { status: 200, body: await deps.approvals.approve(callerOfContext(ctx), ctx.params.identityId, fingerprint) };
  };
}
