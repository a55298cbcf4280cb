import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Grants } from '../grants.js';

/** POST /nhi/api/v1/grants/{grantId}/withdraw: the requester withdraws a pending grant (grant.withdrawn). */
export function withdrawNhiGrant(deps: { decisions: RequestDecisions; grants: Grants; now: () => Date }): OperationHandler<'withdrawNhiGrant'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const grantId = ctx.params.grantId;
    await deps.decisions.withdraw(caller, grantId, ctx.body, deps.now());
    return { status: 200, body: await deps.grants.get(caller.orgId, grantId) };
  };
}
