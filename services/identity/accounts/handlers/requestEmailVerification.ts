import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { conflict } from '../../../platform/errors.js';
import type { MailQueue } from '../../../platform/mail-queue.js';
import { asUser } from '../../../platform/principal.js';
import { originOfContext, recordIdentityEvent } from '../../../platform/audit/identity-trail.js';
import { personalOrganizationOf } from '../../../organizations/index.js';
import { issueEmailVerification, verificationTooSoon } from '../email-verification.js';
import { linkWithToken } from '../mail-link-tokens.js';
import { findUser } from '../users.js';

/**
 * POST /api/v1/me/email-verification: mails the signed-in person a link that verifies
 * their address, audited in their personal organization. The mail is queued with the
 * token in one transaction and sent by the workers role, retried while the relay is
 * down (platform/mail-queue.ts).
 */
export function requestEmailVerification(deps: { db: Database; mailQueue: MailQueue; verificationPageUrl: string }): OperationHandler<'requestEmailVerification'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const origin = originOfContext(ctx);
    const user = (await findUser(deps.db, principal.userId))!;
    if (user.emailVerified) throw conflict('the address is already verified');
    const issued = await deps.db.transaction(async (tx) => {
      const verification = await issueEmailVerification(tx, user);
      if ('token' in verification) {
        const personal = await personalOrganizationOf(tx, user.id);
        await recordIdentityEvent(tx, personal, origin, {
          actor: { userId: user.id },
          action: 'user.email_verification_requested',
          detail: { email: user.email, expires_at: verification.expiresAt.toISOString() },
        });
        await deps.mailQueue.enqueue(tx, personal, {
          to: user.email,
          purpose: 'email_verification',
          subject: 'Verify your email address for Sentinel',
          text: `Open this link within 24 hours to verify ${user.email} for your Sentinel account:\n\n${linkWithToken(deps.verificationPageUrl, verification.token)}\n\nIf you did not ask for this, ignore this mail.`,
        });
      }
      return verification;
    });
    if (!('token' in issued)) throw verificationTooSoon(issued);
    return { status: 202, body: { email: user.email, expires_at: issued.expiresAt.toISOString() } };
  };
}
