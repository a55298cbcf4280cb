import type { FastifyBaseLogger } from 'fastify';
import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import type { MailQueue } from '../../../platform/mail-queue.js';
import { originOfContext, recordIdentityEvent } from '../../../platform/audit/identity-trail.js';
import { personalOrganizationOf } from '../../../organizations/index.js';
import { linkWithToken } from '../mail-link-tokens.js';
import { issuePasswordReset, PASSWORD_RESET_TTL_SECONDS } from '../password-resets.js';
import type { LimiterState } from '../rate-limiter.js';
import { mayBreakGlass, type SsoEnforcementLookup } from '../sso-enforcement.js';
import { findLiveAccountByEmail, normalizeEmail } from '../users.js';

interface RequestPasswordResetDependencies {
  db: Database;
  /** Counts requests per address, whether or not an account has it; throws 429 past the limit. */
  perAddress: (email: string, log: FastifyBaseLogger) => Promise<LimiterState>;
  ssoEnforcement: SsoEnforcementLookup;
  mailQueue: MailQueue;
  resetPageUrl: string;
}

const ACCEPTED = { status: 202, body: { status: 'accepted' } } as const;

/**
 * POST /api/v1/auth/password-reset. The answer is the same 202 whatever the address:
 * an account's mail is queued in a short transaction and sent by the workers role, so
 * neither the body nor the relay's time tells whether the address has an account.
 * Limited per source address (authRoute) and per address (a mailbox is not flooded).
 *
 * Under enforced single sign-on for the address nothing is mailed (the password is not
 * a way in) and the refusal is audited in the enforcing organization; an owner who
 * may break glass (a confirmed second factor) is the exception, since their password
 * still is a way in, with the code.
 */
export function requestPasswordReset(deps: RequestPasswordResetDependencies): OperationHandler<'requestPasswordReset'> {
  return async (ctx) => {
    const { email } = ctx.body;
    await deps.perAddress(normalizeEmail(email), ctx.log);
    const origin = originOfContext(ctx);
    const account = await findLiveAccountByEmail(deps.db, email);
    if (!account) {
      ctx.log.info({ password_reset_skipped: 'unknown address' }, 'password reset not mailed');
      return ACCEPTED;
    }
    await deps.db.transaction(async (tx) => {
      const enforcement = await deps.ssoEnforcement(tx, account.email);
      if (enforcement && !(await mayBreakGlass(tx, account.id, enforcement))) {
        ctx.log.info({ password_reset_skipped: 'sso required', user_id: account.id }, 'password reset not mailed');
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
    return ACCEPTED;
  };
}
