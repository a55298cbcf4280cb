import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Exceptions } from '../exceptions.js';

/** POST /nhi/api/v1/exceptions/{exceptionId}/approve: one approval (exception.approved); approved once NHI_APPROVALS_REQUIRED people approved. Never the requester's. */
export function approveNhiPolicyException(deps: { decisions: RequestDecisions; exceptions: Exceptions; now: () => Date }): OperationHandler<'approveNhiPolicyException'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const exceptionId = ctx.params.exceptionId;
    await deps.decisions.approve(caller, exceptionId, deps.now());
    return { status: 200, body: await deps.exceptions.get(caller.orgId, exceptionId) };
  };
}
