import type { OperationHandler } from '../../../platform/http/handler.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { PasswordResetService } from '../password-reset-service.js';

/** POST /api/v1/auth/password-reset/confirm: the token of a reset mail sets a new password and ends every session of the person (password-reset-service.ts). */
export function confirmPasswordReset(deps: { passwordResets: PasswordResetService }): OperationHandler<'confirmPasswordReset'> {
  return async (ctx) => {
    const { token, password } = ctx.body;
    await deps.passwordResets.confirm({ token, password }, originOfContext(ctx), ctx.log);
    return { status: 204 };
  };
}
