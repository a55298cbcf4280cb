import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { SecondFactors } from '../second-factors.js';

/** GET /api/v1/me/second-factor: whether the signed-in person's second factor is enabled, never its secret. */
export function getSecondFactor(deps: { secondFactors: Pick<SecondFactors, 'status'> }): OperationHandler<'getSecondFactor'> {
  return async (ctx) => {
    const { userId } = asUser(requirePrincipal(ctx));
    return { status: 200, body: await deps.secondFactors.status(userId) };
  };
}
