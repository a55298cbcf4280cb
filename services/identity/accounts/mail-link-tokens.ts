// The tokens a mailed link carries (address verification, password reset): 32
// random bytes after a prefix, stored only as their SHA-256 digest with the person
// and the address the mail went to. A token works once, until it expires, and only
// while the account is live and still has that address.
import type { Queryable } from '../../platform/db/database.js';
import { newSecret, secretDigest } from '../../platform/crypto/secrets.js';

/** The table of each kind of link; both have the same columns (migrations 088 and 108). */
type MailLinkTable = 'email_verifications' | 'password_resets';

export async function issueMailLinkToken(tx: Queryable, table: MailLinkTable, prefix: string, user: { id: string; email: string }, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret(prefix);
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO ${table} (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [secretDigest(token), user.id, user.email, ttlSeconds],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at) };
}

/** Uses the token up; undefined when it is unknown, used, expired, or no longer matches a live account's address. */
export async function redeemMailLinkToken(tx: Queryable, table: MailLinkTable, token: string): Promise<{ userId: string; email: string } | undefined> {
  // One conditional UPDATE: of two concurrent redemptions exactly one gets the row.
  const { rows } = await tx.query<{ user_id: string; email: string }>(
    `UPDATE ${table} t SET used_at = now()
       FROM users u
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
        AND u.id = t.user_id AND u.retired_at IS NULL AND u.email = t.email
      RETURNING t.user_id, t.email`,
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
