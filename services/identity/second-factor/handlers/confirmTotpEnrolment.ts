import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { SecondFactors } from '../second-factors.js';

/** POST /api/v1/me/second-factor/totp/confirm: a code of the new authenticator enables the factor; the recovery codes are shown this once. */
export function confirmTotpEnrolment(deps: { secondFactors: Pick<SecondFactors, 'confirmEnrolment'> }): OperationHandler<'confirmTotpEnrolment'> {
  return async (ctx) => {
    const { userId } = asUser(requirePrincipal(ctx));
    const { code } = ctx.body;
    return { status: 200, body: await deps.secondFactors.confirmEnrolment(userId, code, originOfContext(ctx)) };
  };
}
