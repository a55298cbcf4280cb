import type { OperationHandler } from '../../../platform/http/handler.js';
import { conflict } from '../../../platform/errors.js';
import { createOrganization } from '../../../organizations/index.js';
import { originOfContext, recordIdentityEvent, recordRepeatableRefusal } from '../../../platform/audit/identity-trail.js';
import type { MailQueue } from '../../../platform/mail-queue.js';
import { isUnclaimed, requestClaim } from '../account-claims.js';
import { verificationTooSoon } from '../email-verification.js';
import { ssoRequired } from '../sso-enforcement.js';
import type { LoginDependencies } from './login.js';
import { createUser, findLiveAccountByEmail, normalizeEmail } from '../users.js';

/** Login's, less the second factor (a new account has none), and the queue and page of a claim's mail. */
type SignupDependencies = Omit<LoginDependencies, 'secondFactor'> & { mailQueue: MailQueue; verificationPageUrl: string };

/**
 * POST /api/v1/auth/signup: an account, its personal organization on the Free plan, and a first session.
 *
 * Under SSO enforcement for the address (spec 5.10) it answers 403 sso_required as
 * login does and creates nothing; the refusal is recorded in the enforcing organization,
 * counted per window (anyone may repeat it). Asked first, so the answer is the same
 * whether or not an account has the address. For the address of an account a directory
 * created and nobody claimed yet, it claims the account instead (account-claims.ts):
 * 202 and a verification link; the password is set when the link is redeemed with it.
 */
export function signup(deps: SignupDependencies): OperationHandler<'signup'> {
  return async (ctx) => {
    const body = ctx.body;
    const origin = originOfContext(ctx);
    const enforcement = await deps.ssoEnforcement(deps.db, body.email);
    if (enforcement) {
      ctx.log.info({ sign_up_refused: 'sso required' }, 'sign-up refused');
      const email = normalizeEmail(body.email);
      await recordRepeatableRefusal(
        deps.db,
        enforcement.orgId,
        origin,
        { actor: 'anonymous', subject: email, action: 'sso_enforcement.sign_in_refused', detail: { method: 'signup', email, domain: enforcement.domain } },
        deps.now(),
      );
      throw ssoRequired();
    }
    const passwordHash = await deps.passwords.hash(body.password);
    const outcome = await deps.db.transaction(async (tx) => {
      const userId = await createUser(tx, { email: body.email, name: body.name, passwordHash });
      if (userId === undefined) {
        const existing = await findLiveAccountByEmail(tx, body.email);
        return existing && isUnclaimed(existing) ? { claim: await requestClaim(tx, existing, passwordHash, origin, { queue: deps.mailQueue, pageUrl: deps.verificationPageUrl }), email: existing.email } : undefined;
      }
      const personal = await createOrganization(tx, { name: `${body.name} (personal)`.slice(0, 100), creatorUserId: userId, personal: true });
      await recordIdentityEvent(tx, personal.id, origin, { actor: { userId }, action: 'user.signed_up' });
      await recordIdentityEvent(tx, personal.id, origin, { actor: { userId }, action: 'session.signed_in', detail: { method: 'password' } });
      return { tokens: await deps.sessions.start(tx, userId, 'password') };
    });
    // Says the address is taken: without verified email there is no way to hide it
    // that still lets a person sign up, and the auth-route limit slows harvesting.
    if (!outcome) throw conflict('an account with this email address already exists');
    if (outcome.tokens) return deps.refreshCookie.tokensAnswer(201, outcome.tokens, ctx.headers);
    const { claim, email } = outcome;
    if (!('token' in claim)) throw verificationTooSoon(claim);
    return { status: 202, body: { email, expires_at: claim.expiresAt.toISOString() } };
  };
}
