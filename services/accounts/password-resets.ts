// The link of a password reset mail (issue 33 item 9). The token works once, for 30
// minutes, and only while the account is live and still has the address the mail
// went to; only its SHA-256 digest is stored. Redeeming one uses up every other
// outstanding reset token of the person too.
import type { Queryable } from '../platform/db/database.js';
import { newSecret, secretDigest } from '../platform/crypto/secrets.js';

export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
const TOKEN_PREFIX = 'snp_';

export async function issuePasswordReset(tx: Queryable, user: { id: string; email: string }): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret(TOKEN_PREFIX);
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO password_resets (token_hash, user_id, email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [secretDigest(token), user.id, user.email, PASSWORD_RESET_TTL_SECONDS],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at) };
}

/** Uses the token up; undefined when it is unknown, used, expired, or no longer matches a live account's address. */
export async function redeemPasswordReset(tx: Queryable, token: string): Promise<{ userId: string; email: string } | undefined> {
  // One conditional UPDATE: of two concurrent redemptions exactly one gets the row.
  const { rows } = await tx.query<{ user_id: string; email: string }>(
    `UPDATE password_resets r SET used_at = now()
       FROM users u
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()
        AND u.id = r.user_id AND u.retired_at IS NULL AND u.email = r.email
      RETURNING r.user_id, r.email`,
    [secretDigest(token)],
  );
  const redeemed = rows[0];
  if (!redeemed) return undefined;
  await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [redeemed.user_id]);
  return { userId: redeemed.user_id, email: redeemed.email };
}

/** Sets the new password and ends every session of the person (each is one refresh family); answers how many ended. */
export async function replacePassword(tx: Queryable, userId: string, passwordHash: string): Promise<number> {
  await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  const ended = await tx.query(`UPDATE sessions SET ended_at = now(), end_reason = 'password_reset' WHERE user_id = $1 AND ended_at IS NULL`, [userId]);
  return ended.rowCount;
}

