import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Grants } from '../grants.js';

/** POST /nhi/api/v1/grants/{grantId}/reject: one approver ends a pending grant (grant.rejected). Never the requester's. */
export function rejectNhiGrant(deps: { decisions: RequestDecisions; grants: Grants; now: () => Date }): OperationHandler<'rejectNhiGrant'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const grantId = ctx.params.grantId;
    await deps.decisions.reject(caller, grantId, ctx.body, deps.now());
    return { status: 200, body: await deps.grants.get(caller.orgId, grantId) };
  };
}
