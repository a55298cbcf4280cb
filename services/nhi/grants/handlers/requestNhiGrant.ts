import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import type { Grants } from '../grants.js';

/** POST /nhi/api/v1/grants: asks that an identity be granted actions on resources for a period; pending until approved (grant.requested). */
export function requestNhiGrant(deps: { grants: Grants }): OperationHandler<'requestNhiGrant'> {
  return async (ctx) => ({ status: 201, body: await deps.grants.request(governanceCallerOf(ctx), ctx.body) });
}
