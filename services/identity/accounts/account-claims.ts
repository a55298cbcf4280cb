// Claiming an account a directory provisioned. A SCIM push creates
// the account of an address in its organization's verified domain before the person
// ever signs in: no password, an address nobody verified. Its owner claims it through
// a verified sign-in (single sign-on, a social login vouching for the address) or by
// signing up: the signup then mails a verification link instead of refusing the
// address as taken, and keeps the chosen password's hash with the link's token. The
// password is set only when the link is redeemed together with that same password, so
// neither a signup alone (nobody proved the mailbox) nor a mailbox alone (the owner
// clicking a link an impostor's signup sent) hands the account to anyone.
import type { Queryable } from '../../platform/db/database.js';
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { MailMessage } from '../../platform/mail.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import { personalOrganizationOf } from '../../organizations/index.js';
import { issueEmailVerification, type IssuedVerification } from './email-verification.js';
import { linkWithToken } from './mail-link-tokens.js';
import type { LiveAccount } from './users.js';

/** An account a directory created that its owner never claimed: no password, and an address nobody verified. */
export const isUnclaimed = (account: LiveAccount): boolean => !account.hasPassword && !account.emailVerified;

/**
 * A verification link for the unclaimed account, carrying the signup's password hash,
 * queued for mailing in the same transaction; audited as user.claim_requested in the
 * account's personal organization, actor anonymous (nothing is proved yet). At most one
 * a minute per account, as for any verification mail.
 */
export async function requestClaim(tx: Queryable, account: LiveAccount, passwordHash: string, origin: RequestOrigin, mail: { queue: MailQueue; pageUrl: string }): Promise<IssuedVerification> {
  const verification = await issueEmailVerification(tx, account, passwordHash);
  if ('token' in verification) {
    const personal = await personalOrganizationOf(tx, account.id);
    await recordIdentityEvent(tx, personal, origin, {
      actor: 'anonymous',
      action: 'user.claim_requested',
      detail: { email: account.email, expires_at: verification.expiresAt.toISOString() },
    });
    await mail.queue.enqueue(tx, personal, claimMail(account.email, mail.pageUrl, verification.token));
  }
  return verification;
}

function claimMail(email: string, pageUrl: string, token: string): MailMessage {
  return {
    to: email,
    purpose: 'account_claim',
    subject: 'Finish signing up for Sentinel',
    text:
      `Your organization's directory has already created a Sentinel account for ${email}. ` +
      `Open this link within 24 hours and enter the password you chose when you signed up, to verify the address and set that password:\n\n` +
      `${linkWithToken(pageUrl, token)}\n\nIf you did not sign up, ignore this mail: nothing changes without the link and that password.`,
  };
}

/** Sets the claim's password on the account if it still has none, audited as user.account_claimed in the personal organization. */
export async function completeClaim(tx: Queryable, userId: string, passwordHash: string, origin: RequestOrigin): Promise<void> {
  const { rows } = await tx.query<{ email: string }>(
    'UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash IS NULL AND retired_at IS NULL RETURNING email',
    [userId, passwordHash],
  );
  if (!rows[0]) return;
  await recordIdentityEvent(tx, await personalOrganizationOf(tx, userId), origin, { actor: { userId }, action: 'user.account_claimed', detail: { email: rows[0].email } });
}
