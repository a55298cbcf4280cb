import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { validationFailed } from '../../../platform/errors.js';
import { asUser } from '../../../platform/principal.js';
import { proofOf, type SecondFactors } from '../second-factors.js';

/** POST /api/v1/me/second-factor/disable: turns the factor off, on a code of the authenticator or a recovery code. */
export function disableSecondFactor(deps: { secondFactors: Pick<SecondFactors, 'disable'> }): OperationHandler<'disableSecondFactor'> {
  return async (ctx) => {
    const { userId } = asUser(requirePrincipal(ctx));
    const proof = proofOf(ctx.body);
    if (!proof) throw validationFailed('send totp_code or recovery_code');
    await deps.secondFactors.disable(userId, proof, originOfContext(ctx));
    return { status: 204 };
  };
}
