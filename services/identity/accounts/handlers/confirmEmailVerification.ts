import type { OperationHandler } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { unauthorized } from '../../../platform/errors.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { completeClaim } from '../account-claims.js';
import { markEmailVerified } from '../account-lifecycle.js';
import { claimPasswordHashOf, redeemEmailVerification } from '../email-verification.js';
import type { PasswordHasher } from '../passwords.js';

/**
 * POST /api/v1/auth/email-verification: the token of a verification mail verifies the
 * address it was sent to (user.email_verified in the personal organization). The token
 * of a claim (a signup for an account a directory created, account-claims.ts) also needs
 * the password that signup chose, and sets it. Any defect of the token, or a claim's
 * missing or wrong password, is the one 401, as for every credential; a claim refused
 * for its password keeps its token, so the person can type the password again.
 */
export function confirmEmailVerification(deps: { db: Database; passwords: PasswordHasher }): OperationHandler<'confirmEmailVerification'> {
  return async (ctx) => {
    const { token, password } = ctx.body;
    const origin = originOfContext(ctx);
    const claimed = await claimPasswordHashOf(deps.db, token);
    if (claimed !== undefined && !(password !== undefined && (await deps.passwords.verify(password, claimed)))) {
      ctx.log.info({ credential_refused: 'claim without the password its signup chose' }, 'verification refused');
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
      ctx.log.info({ credential_refused: 'verification token unknown, used, expired or for another address' }, 'verification refused');
      throw unauthorized();
    }
    return { status: 200, body: { email: verified.email, email_verified: true } };
  };
}
