// The link of a verification mail (issue 17 item 6): one way an address becomes
// verified, the others being a login through an organization's single sign-on and a
// password reset. The token works once, for a day, and only while the account is
// live and still has the address it was sent to; only its SHA-256 digest is stored.
import type { Queryable } from '../platform/db/database.js';
import { issueMailLinkToken, redeemMailLinkToken } from './mail-link-tokens.js';

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
  return issueMailLinkToken(tx, 'email_verifications', TOKEN_PREFIX, user, EMAIL_VERIFICATION_TTL_SECONDS);
}

/** Uses the token up; undefined when it is unknown, used, expired, or no longer matches a live account's address. */
export const redeemEmailVerification = (tx: Queryable, token: string): Promise<{ userId: string; email: string } | undefined> =>
  redeemMailLinkToken(tx, 'email_verifications', token);
