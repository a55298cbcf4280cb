// Verifying an address: the signed-in person asks for a mailed link
// (email-verification.ts), and the link's token, redeemed without a session, verifies
// the address it was sent to or completes the claim of a directory's account
// (account-claims.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { conflict, unauthorized } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { completeClaim } from './account-claims.js';
import { markEmailVerified } from './account-lifecycle.js';
import { claimPasswordHashOf, issueEmailVerification, redeemEmailVerification, verificationTooSoon, type MailedVerification } from './email-verification.js';
import { linkWithToken } from './mail-link-tokens.js';
import type { PasswordHasher } from './passwords.js';
import { findUser } from './users.js';

export interface EmailVerificationDependencies {
  db: Database;
  passwords: PasswordHasher;
  mailQueue: MailQueue;
  verificationPageUrl: string;
}

export function createEmailVerificationService(deps: EmailVerificationDependencies) {
  return {
    /**
     * Mails the signed-in person a link that verifies their address, audited in their
     * personal organization: 409 for an address already verified, 429 within a minute of
     * the last mail. The mail is queued with the token in one transaction and sent by the
     * workers role, retried while the relay is down (platform/mail-queue.ts).
     */
    async request(userId: string, origin: RequestOrigin): Promise<MailedVerification> {
      const user = (await findUser(deps.db, userId))!;
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
      return { email: user.email, expiresAt: issued.expiresAt };
    },

    /**
     * The token of a verification mail verifies the address it was sent to
     * (user.email_verified in the personal organization); answers that address. The token
     * of a claim (a signup for an account a directory created, account-claims.ts) also needs
     * the password that signup chose, and sets it. Any defect of the token, or a claim's
     * missing or wrong password, is the one 401, as for every credential; a claim refused
     * for its password keeps its token, so the person can type the password again.
     */
    async confirm(link: { token: string; password: string | undefined }, origin: RequestOrigin, log: FastifyBaseLogger): Promise<{ email: string }> {
      const { token, password } = link;
      const claimed = await claimPasswordHashOf(deps.db, token);
      if (claimed !== undefined && !(password !== undefined && (await deps.passwords.verify(password, claimed)))) {
        log.info({ credential_refused: 'claim without the password its signup chose' }, 'verification refused');
        throw unauthorized();
      }
      const verified = await deps.db.transaction(async (tx) => {
        const redeemed = await redeemEmailVerification(tx, token);
        if (!redeemed) return undefined;
        // The hash checked above: the token's digest is the row's key, and its claim hash is never changed.
        if (claimed !== undefined) await completeClaim(tx, redeemed.userId, claimed, origin);
        await markEmailVerified(tx, redeemed.userId, { method: 'mail_link', origin });
        return redeemed;
      });
      if (!verified) {
        log.info({ credential_refused: 'verification token unknown, used, expired or for another address' }, 'verification refused');
        throw unauthorized();
      }
      return { email: verified.email };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
