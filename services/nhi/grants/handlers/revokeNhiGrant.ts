import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf, type RequestDecisions } from '../../governance/index.js';
import type { Grants } from '../grants.js';

/** POST /nhi/api/v1/grants/{grantId}/revoke: an Organization Admin or the requester ends an approved grant (grant.revoked). */
export function revokeNhiGrant(deps: { decisions: RequestDecisions; grants: Grants; now: () => Date }): OperationHandler<'revokeNhiGrant'> {
  return async (ctx) => {
    const caller = governanceCallerOf(ctx);
    const grantId = ctx.params.grantId;
    await deps.decisions.revoke(caller, grantId, ctx.body, deps.now());
    return { status: 200, body: await deps.grants.get(caller.orgId, grantId) };
  };
}
