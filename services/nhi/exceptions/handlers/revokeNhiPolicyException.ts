import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Exceptions } from '../exceptions.js';

/** POST /nhi/api/v1/exceptions/{exceptionId}/revoke: an Organization Admin or the requester ends an approved exception (exception.revoked). */
export function revokeNhiPolicyException(deps: { decisions: RequestDecisions; exceptions: Exceptions; now: () => Date }): OperationHandler<'revokeNhiPolicyException'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const exceptionId = ctx.params.exceptionId;
    await deps.decisions.revoke(caller, exceptionId, ctx.body, deps.now());
    return { status: 200, body: await deps.exceptions.get(caller.orgId, exceptionId) };
  };
}
