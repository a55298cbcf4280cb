import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { unauthorized } from '../../platform/errors.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { markEmailVerified } from '../account-lifecycle.js';
import { redeemEmailVerification } from '../email-verification.js';

/**
 * POST /api/v1/auth/email-verification: the token of a verification mail verifies the
 * address it was sent to (user.email_verified in the personal organization). Any
 * defect of the token is the one 401, as for every credential.
 */
export function confirmEmailVerification(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const { token } = ctx.body as { token: string };
    const origin = originOfContext(ctx);
    const verified = await deps.db.transaction(async (tx) => {
      const redeemed = await redeemEmailVerification(tx, token);
      if (redeemed) await markEmailVerified(tx, redeemed.userId, { method: 'mail_link', origin });
      return redeemed;
    });
    if (!verified) {
      ctx.log.info({ credential_refused: 'verification token unknown, used, expired or for another address' }, 'verification refused');
      throw unauthorized();
    }
    return { status: 200, body: { email: verified.email, email_verified: true } };
  };
}
