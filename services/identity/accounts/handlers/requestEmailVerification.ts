import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { EmailVerificationService } from '../email-verification-service.js';

/** POST /api/v1/me/email-verification: mails the signed-in person a link that verifies their address (email-verification-service.ts). */
export function requestEmailVerification(deps: { emailVerification: EmailVerificationService }): OperationHandler<'requestEmailVerification'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const mailed = await deps.emailVerification.request(principal.userId, originOfContext(ctx));
    return { status: 202, body: { email: mailed.email, expires_at: mailed.expiresAt.toISOString() } };
  };
}
