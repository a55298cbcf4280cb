import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Exceptions } from '../exceptions.js';

/** GET /nhi/api/v1/exceptions/{exceptionId}: one policy exception, its stored status and whether it is in force now. */
export function getNhiPolicyException(deps: { exceptions: Exceptions }): OperationHandler<'getNhiPolicyException'> {
  return async (ctx) => ({ status: 200, body: await deps.exceptions.get(requirePrincipal(ctx).orgId, ctx.params.exceptionId) });
}
