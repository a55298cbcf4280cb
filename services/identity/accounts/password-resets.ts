// The link of a password reset mail. The token works once, for 30
// minutes, and only while the account is live and still has the address the mail
// went to; only its SHA-256 digest is stored. Redeeming one uses up every other
// outstanding reset token of the person too.
import type { Queryable } from '../../platform/db/database.js';
import { issueMailLinkToken, redeemMailLinkToken } from './mail-link-tokens.js';

export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
const TOKEN_PREFIX = 'snp_';

export const issuePasswordReset = (tx: Queryable, user: { id: string; email: string }): Promise<{ token: string; expiresAt: Date }> =>
  issueMailLinkToken(tx, 'password_resets', TOKEN_PREFIX, user, PASSWORD_RESET_TTL_SECONDS);

export async function redeemPasswordReset(tx: Queryable, token: string): Promise<{ userId: string; email: string } | undefined> {
  const redeemed = await redeemMailLinkToken(tx, 'password_resets', token);
  if (redeemed) await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [redeemed.userId]);
  return redeemed;
}

/** Sets the new password and ends every session of the person (each is one refresh family); answers how many ended. */
export async function replacePassword(tx: Queryable, userId: string, passwordHash: string): Promise<number> {
  await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  const ended = await tx.query(`UPDATE sessions SET ended_at = now(), end_reason = 'password_reset' WHERE user_id = $1 AND ended_at IS NULL`, [userId]);
  return ended.rowCount;
}
