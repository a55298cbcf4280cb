import type { OperationHandler } from '../../../platform/http/handler.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { EmailVerificationService } from '../email-verification-service.js';

/** POST /api/v1/auth/email-verification: the token of a verification mail verifies the address it was sent to, or completes a claim with its password (email-verification-service.ts). */
export function confirmEmailVerification(deps: { emailVerification: EmailVerificationService }): OperationHandler<'confirmEmailVerification'> {
  return async (ctx) => {
    const { token, password } = ctx.body;
    const verified = await deps.emailVerification.confirm({ token, password }, originOfContext(ctx), ctx.log);
    return { status: 200, body: { email: verified.email, email_verified: true } };
  };
}
