// The link of a verification mail: one way an address becomes
// verified, the others being a login through an organization's single sign-on and a
// password reset. The token works once, for a day, and only while the account is
// live and still has the address it was sent to; only its SHA-256 digest is stored.
import type { Queryable } from '../../platform/db/database.js';
import { secretDigest } from '../../platform/crypto/secrets.js';
import { AppError } from '../../platform/errors.js';
import { issueMailLinkToken, redeemMailLinkToken } from './mail-link-tokens.js';

const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
/** A person may ask for a new mail once a minute: enough for a lost mail, too slow to flood a mailbox. */
const EMAIL_VERIFICATION_RESEND_SECONDS = 60;
const TOKEN_PREFIX = 'snv_';

export type IssuedVerification = { token: string; expiresAt: Date } | { tooSoonRetryAfterSeconds: number };

/** A verification link on its way: the address it was mailed to, and until when it works. */
export interface MailedVerification {
  email: string;
  expiresAt: Date;
}

/**
 * A new token for the person's current address, unless one was issued within the resend
 * interval. A claim of a directory's account (account-claims.ts) keeps with it the hash of
 * the password its signup chose, set only when the token is redeemed with that password.
 */
export async function issueEmailVerification(tx: Queryable, user: { id: string; email: string }, claimPasswordHash: string | null = null): Promise<IssuedVerification> {
  // The person's row lock queues concurrent requests, so the interval holds under concurrency too.
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
  const recent = await tx.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM max(created_at) + make_interval(secs => $2) - now()))::int AS wait
       FROM email_verifications WHERE user_id = $1 HAVING max(created_at) > now() - make_interval(secs => $2)`,
    [user.id, EMAIL_VERIFICATION_RESEND_SECONDS],
  );
  if (recent.rows[0]) return { tooSoonRetryAfterSeconds: Math.max(1, recent.rows[0].wait) };
  const issued = await issueMailLinkToken(tx, 'email_verifications', TOKEN_PREFIX, user, EMAIL_VERIFICATION_TTL_SECONDS);
  if (claimPasswordHash !== null) {
    await tx.query('UPDATE email_verifications SET claim_password_hash = $2 WHERE token_hash = $1', [secretDigest(issued.token), claimPasswordHash]);
  }
  return issued;
}

/** The password hash a still-usable token claims an account with; undefined for an ordinary verification token, or one that cannot be redeemed. */
export async function claimPasswordHashOf(q: Queryable, token: string): Promise<string | undefined> {
  const { rows } = await q.query<{ claim_password_hash: string | null }>(
    'SELECT claim_password_hash FROM email_verifications WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [secretDigest(token)],
  );
  return rows[0]?.claim_password_hash ?? undefined;
}

/** Uses the token up; undefined when it is unknown, used, expired, or no longer matches a live account's address. */
export const redeemEmailVerification = (tx: Queryable, token: string): Promise<{ userId: string; email: string } | undefined> =>
  redeemMailLinkToken(tx, 'email_verifications', token);

/** A second mail within the resend interval: 429 with Retry-After. */
export const verificationTooSoon = (issued: { tooSoonRetryAfterSeconds: number }): AppError =>
  new AppError('rate_limited', 'a verification mail was sent less than a minute ago', { headers: { 'retry-after': String(issued.tooSoonRetryAfterSeconds) } });
