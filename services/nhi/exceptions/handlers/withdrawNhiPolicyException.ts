import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Exceptions } from '../exceptions.js';

/** POST /nhi/api/v1/exceptions/{exceptionId}/withdraw: the requester withdraws a pending exception (exception.withdrawn). */
export function withdrawNhiPolicyException(deps: { decisions: RequestDecisions; exceptions: Exceptions; now: () => Date }): OperationHandler<'withdrawNhiPolicyException'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const exceptionId = ctx.params.exceptionId;
    await deps.decisions.withdraw(caller, exceptionId, ctx.body, deps.now());
    return { status: 200, body: await deps.exceptions.get(caller.orgId, exceptionId) };
  };
}
