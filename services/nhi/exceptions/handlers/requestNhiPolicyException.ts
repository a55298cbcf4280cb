import type { OperationHandler } from '../../../platform/http/handler.js';
import { governanceCallerOf } from '../../governance/index.js';
import type { Exceptions } from '../exceptions.js';

/** POST /nhi/api/v1/exceptions: asks that an identity be exempted from one policy until a date; pending until approved (exception.requested). */
export function requestNhiPolicyException(deps: { exceptions: Exceptions }): OperationHandler<'requestNhiPolicyException'> {
  return async (ctx) => ({ status: 201, body: await deps.exceptions.request(governanceCallerOf(ctx), ctx.body) });
}
