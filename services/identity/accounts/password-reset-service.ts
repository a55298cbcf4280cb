// Resetting a forgotten password: a mailed link (password-resets.ts) asked for by
// address, then redeemed with the new password; both refused under enforced single
// sign-on, where the password is not a way in.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { markEmailVerified } from './account-lifecycle.js';
import { linkWithToken } from './mail-link-tokens.js';
import type { PasswordHasher } from './passwords.js';
import { issuePasswordReset, PASSWORD_RESET_TTL_SECONDS, redeemPasswordReset, replacePassword } from './password-resets.js';
import type { LimiterState } from './rate-limiter.js';
import { mayBreakGlass, ssoRequired, type SsoEnforcementLookup } from './sso-enforcement.js';
import { findLiveAccountByEmail, normalizeEmail } from './users.js';

export interface PasswordResetDependencies {
  db: Database;
  passwords: PasswordHasher;
  /** Counts requests per address, whether or not an account has it; throws 429 past the limit. */
  perAddress: (email: string, log: FastifyBaseLogger) => Promise<LimiterState>;
  ssoEnforcement: SsoEnforcementLookup;
  mailQueue: MailQueue;
  resetPageUrl: string;
}

export function createPasswordResetService(deps: PasswordResetDependencies) {
  return {
    /**
     * Mails the address's account a reset link. The caller learns nothing either way:
     * an account's mail is queued in a short transaction and sent by the workers role, so
     * neither the answer nor the relay's time tells whether the address has an account.
     * Limited per address (a mailbox is not flooded), the route per source address too.
     *
     * Under enforced single sign-on for the address nothing is mailed (the password is not
     * a way in) and the refusal is audited in the enforcing organization; an owner who
     * may break glass (a confirmed second factor) is the exception, since their password
     * still is a way in, with the code.
     */
    async request(email: string, origin: RequestOrigin, log: FastifyBaseLogger): Promise<void> {
      await deps.perAddress(normalizeEmail(email), log);
      const account = await findLiveAccountByEmail(deps.db, email);
      if (!account) {
        log.info({ password_reset_skipped: 'unknown address' }, 'password reset not mailed');
        return;
      }
      await deps.db.transaction(async (tx) => {
        const enforcement = await deps.ssoEnforcement(tx, account.email);
        if (enforcement && !(await mayBreakGlass(tx, account.id, enforcement))) {
          log.info({ password_reset_skipped: 'sso required', user_id: account.id }, 'password reset not mailed');
          await recordIdentityEvent(tx, enforcement.orgId, origin, {
            actor: 'anonymous',
            action: 'sso_enforcement.password_reset_refused',
            detail: { user_id: account.id, domain: enforcement.domain },
          });
          return;
        }
        const issued = await issuePasswordReset(tx, account);
        const personal = await personalOrganizationOf(tx, account.id);
        await recordIdentityEvent(tx, personal, origin, {
          actor: 'anonymous',
          action: 'user.password_reset_requested',
          detail: { user_id: account.id, email: account.email, expires_at: issued.expiresAt.toISOString() },
        });
        await deps.mailQueue.enqueue(tx, personal, {
          to: account.email,
          purpose: 'password_reset',
          subject: 'Reset your Sentinel password',
          text:
            `Someone asked to reset the password of the Sentinel account for ${account.email}. ` +
            `Open this link within ${PASSWORD_RESET_TTL_SECONDS / 60} minutes to choose a new one; it works once:\n\n` +
            `${linkWithToken(deps.resetPageUrl, issued.token)}\n\n` +
            'Setting a new password signs you out everywhere. If you did not ask for this, ignore this mail: your password stays as it is.',
        });
      });
    },

    /**
     * The token of a reset mail sets a new password (the signup rules), ends every session
     * of the person (their refresh tokens and access tokens stop working), uses the token
     * up, and verifies the address (the person has shown they read its mail). Audited as
     * user.password_reset in the personal organization. Any defect of the token is the one
     * 401; under enforced single sign-on the token is used up, nothing else changes, and
     * the refusal is 403 sso_required, audited in the enforcing organization.
     */
    async confirm(reset: { token: string; password: string }, origin: RequestOrigin, log: FastifyBaseLogger): Promise<void> {
      // Hashed before the token is looked at: a good and a bad token take the same time.
      const passwordHash = await deps.passwords.hash(reset.password);
      const outcome = await deps.db.transaction(async (tx) => {
        const redeemed = await redeemPasswordReset(tx, reset.token);
        if (!redeemed) return 'refused' as const;
        const enforcement = await deps.ssoEnforcement(tx, redeemed.email);
        if (enforcement && !(await mayBreakGlass(tx, redeemed.userId, enforcement))) {
          await recordIdentityEvent(tx, enforcement.orgId, origin, {
            actor: { userId: redeemed.userId },
            action: 'sso_enforcement.password_reset_refused',
            detail: { user_id: redeemed.userId, domain: enforcement.domain },
          });
          return 'sso_required' as const;
        }
        const sessionsEnded = await replacePassword(tx, redeemed.userId, passwordHash);
        await markEmailVerified(tx, redeemed.userId, { method: 'password_reset', origin });
        await recordIdentityEvent(tx, await personalOrganizationOf(tx, redeemed.userId), origin, {
          actor: { userId: redeemed.userId },
          action: 'user.password_reset',
          detail: { email: redeemed.email, sessions_ended: sessionsEnded },
        });
        return 'reset' as const;
      });
      if (outcome === 'refused') {
        log.info({ credential_refused: 'password reset token unknown, used, expired or for another address' }, 'password reset refused');
        throw unauthorized();
      }
      if (outcome === 'sso_required') throw ssoRequired();
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
