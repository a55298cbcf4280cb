import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { SecondFactors } from '../second-factors.js';
import { SENTINEL_TOTP } from '../totp.js';

/** POST /api/v1/me/second-factor/totp: a new secret for the person's authenticator, shown this once. */
export function startTotpEnrolment(deps: { secondFactors: Pick<SecondFactors, 'startEnrolment'> }): OperationHandler<'startTotpEnrolment'> {
  return async (ctx) => {
    const { userId } = asUser(requirePrincipal(ctx));
    const enrolment = await deps.secondFactors.startEnrolment(userId, originOfContext(ctx));
    return { status: 201, body: { ...enrolment, ...SENTINEL_TOTP } };
  };
}
