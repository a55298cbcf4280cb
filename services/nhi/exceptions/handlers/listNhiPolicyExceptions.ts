import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Exceptions } from '../exceptions.js';

/** GET /nhi/api/v1/exceptions: the organization's policy exceptions, newest request first, filtered by status, identity, policy and whether in force now. */
export function listNhiPolicyExceptions(deps: { exceptions: Exceptions }): OperationHandler<'listNhiPolicyExceptions'> {
  return async (ctx) => ({ status: 200, body: await deps.exceptions.list(requirePrincipal(ctx).orgId, ctx.query) });
}
