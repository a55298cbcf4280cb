// Signing up (POST /api/v1/auth/signup): an account, its personal organization on the
// Free plan and a first session, or the claim of an account a directory created
// (account-claims.ts).
import type { FastifyBaseLogger } from 'fastify';
import { conflict } from '../../platform/errors.js';
import { createOrganization } from '../../organizations/index.js';
import { recordIdentityEvent, recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import { isUnclaimed, requestClaim } from './account-claims.js';
import { verificationTooSoon, type MailedVerification } from './email-verification.js';
import type { PasswordSignInDependencies } from './password-sign-in.js';
import type { TokenPair } from './sessions.js';
import { ssoRequired } from './sso-enforcement.js';
import { createUser, findLiveAccountByEmail, normalizeEmail } from './users.js';

/** Password sign-in's, less the second factor (a new account has none) and the break-glass notice, and the queue and page of a claim's mail. */
export type SignUpDependencies = Omit<PasswordSignInDependencies, 'secondFactor' | 'mailer'> & { mailQueue: MailQueue; verificationPageUrl: string };

/** A new account's first session, or the link that claims a directory's account. */
export type SignUpOutcome = { tokens: TokenPair } | { claimed: MailedVerification };

export function createSignUp(deps: SignUpDependencies) {
  /**
   * Under SSO enforcement for the address (spec 5.10) it refuses with 403 sso_required as
   * password sign-in does and creates nothing; the refusal is recorded in the enforcing
   * organization, counted per window (anyone may repeat it). Asked first, so the answer is
   * the same whether or not an account has the address. For the address of an account a
   * directory created and nobody claimed yet, it claims the account instead
   * (account-claims.ts): a verification link; the password is set when the link is
   * redeemed with it.
   */
  return async function signUp(account: { email: string; name: string; password: string }, origin: RequestOrigin, log: FastifyBaseLogger): Promise<SignUpOutcome> {
    const enforcement = await deps.ssoEnforcement(deps.db, account.email);
    if (enforcement) {
      log.info({ sign_up_refused: 'sso required' }, 'sign-up refused');
      const email = normalizeEmail(account.email);
      await recordRepeatableRefusal(
        deps.db,
        enforcement.orgId,
        origin,
        { actor: 'anonymous', subject: email, action: 'sso_enforcement.sign_in_refused', detail: { method: 'signup', email, domain: enforcement.domain } },
        deps.now(),
      );
      throw ssoRequired();
    }
    const passwordHash = await deps.passwords.hash(account.password);
    const outcome = await deps.db.transaction(async (tx) => {
      const userId = await createUser(tx, { email: account.email, name: account.name, passwordHash });
      if (userId === undefined) {
        const existing = await findLiveAccountByEmail(tx, account.email);
        return existing && isUnclaimed(existing) ? { claim: await requestClaim(tx, existing, passwordHash, origin, { queue: deps.mailQueue, pageUrl: deps.verificationPageUrl }), email: existing.email } : undefined;
      }
      const personal = await createOrganization(tx, { name: `${account.name} (personal)`.slice(0, 100), creatorUserId: userId, personal: true });
      await recordIdentityEvent(tx, personal.id, origin, { actor: { userId }, action: 'user.signed_up' });
      await recordIdentityEvent(tx, personal.id, origin, { actor: { userId }, action: 'session.signed_in', detail: { method: 'password' } });
      return { tokens: await deps.sessions.start(tx, userId, 'password') };
    });
    // Says the address is taken: without verified email there is no way to hide it
    // that still lets a person sign up, and the auth-route limit slows harvesting.
    if (!outcome) throw conflict('an account with this email address already exists');
    if (outcome.tokens) return { tokens: outcome.tokens };
    const { claim, email } = outcome;
    if (!('token' in claim)) throw verificationTooSoon(claim);
    return { claimed: { email, expiresAt: claim.expiresAt } };
  };
}

export type SignUp = ReturnType<typeof createSignUp>;
