import type { OperationHandler } from '../../../platform/http/handler.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { PasswordResetService } from '../password-reset-service.js';

/**
 * POST /api/v1/auth/password-reset: a reset link mailed to the address's account (password-reset-service.ts),
 * answered with the same 202 whatever the address.
 */
export function requestPasswordReset(deps: { passwordResets: PasswordResetService }): OperationHandler<'requestPasswordReset'> {
  return async (ctx) => {
    await deps.passwordResets.request(ctx.body.email, originOfContext(ctx), ctx.log);
    return { status: 202, body: { status: 'accepted' } };
  };
}
