import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { unauthorized } from '../../../platform/errors.js';
import { originOfContext, recordIdentityEvent } from '../../../platform/audit/identity-trail.js';
import { personalOrganizationOf } from '../../../organizations/index.js';
import { markEmailVerified } from '../account-lifecycle.js';
import type { PasswordHasher } from '../passwords.js';
import { redeemPasswordReset, replacePassword } from '../password-resets.js';
import { mayBreakGlass, ssoRequired, type SsoEnforcementLookup } from '../sso-enforcement.js';

/**
 * POST /api/v1/auth/password-reset/confirm: the token of a reset mail sets a new
 * password (the signup rules), ends every session of the person (their refresh
 * tokens and access tokens stop working), uses the token up, and verifies the
 * address (the person has shown they read its mail). Audited as user.password_reset
 * in the personal organization. Any defect of the token is the one 401; under enforced
 * single sign-on the token is used up, nothing else changes, and the answer is 403
 * sso_required, audited in the enforcing organization.
 */
export function confirmPasswordReset(deps: { db: Database; passwords: PasswordHasher; ssoEnforcement: SsoEnforcementLookup }): OperationHandler<'confirmPasswordReset'> {
  return async (ctx) => {
    const { token, password } = ctx.body;
    const origin = originOfContext(ctx);
    // Hashed before the token is looked at: a good and a bad token take the same time.
    const passwordHash = await deps.passwords.hash(password);
    const outcome = await deps.db.transaction(async (tx) => {
      const redeemed = await redeemPasswordReset(tx, token);
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
      ctx.log.info({ credential_refused: 'password reset token unknown, used, expired or for another address' }, 'password reset refused');
      throw unauthorized();
    }
    if (outcome === 'sso_required') throw ssoRequired();
    return { status: 204 };
  };
}
