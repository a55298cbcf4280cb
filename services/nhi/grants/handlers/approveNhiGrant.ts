import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Grants } from '../grants.js';

/** POST /nhi/api/v1/grants/{grantId}/approve: one approval (grant.approved); approved once NHI_APPROVALS_REQUIRED people approved. Never the requester's. */
export function approveNhiGrant(deps: { decisions: RequestDecisions; grants: Grants; now: () => Date }): OperationHandler<'approveNhiGrant'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const grantId = ctx.params.grantId;
    await deps.decisions.approve(caller, grantId, deps.now());
    return { status: 200, body: await deps.grants.get(caller.orgId, grantId) };
  };
}
