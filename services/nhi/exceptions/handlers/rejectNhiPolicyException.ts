import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Exceptions } from '../exceptions.js';

/** POST /nhi/api/v1/exceptions/{exceptionId}/reject: one approver ends a pending exception (exception.rejected). Never the requester's. */
export function rejectNhiPolicyException(deps: { decisions: RequestDecisions; exceptions: Exceptions; now: () => Date }): OperationHandler<'rejectNhiPolicyException'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const exceptionId = ctx.params.exceptionId;
    await deps.decisions.reject(caller, exceptionId, ctx.body, deps.now());
    return { status: 200, body: await deps.exceptions.get(caller.orgId, exceptionId) };
  };
}
