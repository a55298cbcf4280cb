// The link of a verification mail (issue 17 item 6): one way an address becomes
// verified, the other being a login through an organization's single sign-on. The
// token works once, for a day, and only while the account is live and still has the
// address it was sent to; only its SHA-256 digest is stored.
import type { Queryable } from '../platform/db/database.js';
import { newSecret, secretDigest } from '../platform/crypto/secrets.js';

export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
/** A person may ask for a new mail once a minute: enough for a lost mail, too slow to flood a mailbox. */
export const EMAIL_VERIFICATION_RESEND_SECONDS = 60;
const TOKEN_PREFIX = 'snv_';

export type IssuedVerification = { token: string; expiresAt: Date } | { tooSoonRetryAfterSeconds: number };

/** A new token for the person's current address, unless one was issued within the resend interval. */
export async function issueEmailVerification(tx: Queryable, user: { id: string; email: string }): Promise<IssuedVerification> {
  // The person's row lock queues concurrent requests, so the interval holds under concurrency too.
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
  const recent = await tx.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM max(created_at) + make_interval(secs => $2) - now()))::int AS wait
       FROM email_verifications WHERE user_id = $1 HAVING max(created_at) > now() - make_interval(secs => $2)`,
    [user.id, EMAIL_VERIFICATION_RESEND_SECONDS],
  );
  if (recent.rows[0]) return { tooSoonRetryAfterSeconds: Math.max(1, recent.rows[0].wait) };
  const token = newSecret(TOKEN_PREFIX);
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO email_verifications (token_hash, user_id, email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [secretDigest(token), user.id, user.email, EMAIL_VERIFICATION_TTL_SECONDS],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at) };
}

/** Uses the token up; undefined when it is unknown, used, expired, or no longer matches a live account's address. */
export async function redeemEmailVerification(tx: Queryable, token: string): Promise<{ userId: string; email: string } | undefined> {
  // One conditional UPDATE: of two concurrent redemptions exactly one gets the row.
  const { rows } = await tx.query<{ user_id: string; email: string }>(
    `UPDATE email_verifications v SET used_at = now()
       FROM users u
      WHERE v.token_hash = $1 AND v.used_at IS NULL AND v.expires_at > now()
        AND u.id = v.user_id AND u.retired_at IS NULL AND u.email = v.email
      RETURNING v.user_id, v.email`,
    [secretDigest(token)],
  );
  return rows[0] && { userId: rows[0].user_id, email: rows[0].email };
}

/** The link a mail carries: the deployment's page (verification, password reset) with the token in its query. */
export function linkWithToken(pageUrl: string, token: string): string {
  const link = new URL(pageUrl);
  link.searchParams.set('token', token);
  return link.toString();
}
