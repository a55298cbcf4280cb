// Who a social sign-in signs in: the account the provider identity
// is linked to; otherwise the live account of the provider-verified address, linked
// now, unless that account has a password and an unverified address (whoever set the
// password never showed they own the address: linking would hand the account, and
// the password, to both); otherwise a new account with its personal organization.
// Refused under SSO enforcement for the account's address. A sign-in ends in a
// one-time code for POST /auth/exchange, which audits it in the personal organization.
import type { Database, OrgId } from '../../platform/db/database.js';
import { recordIdentityEvent, recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { conflict } from '../../platform/errors.js';
import { createAccount, findLiveAccountByEmail, issueSignInCode, markEmailVerified, personalOrganizationOfAccount, ssoEnforcementFor } from '../accounts/index.js';
import type { ProviderIdentity } from './providers.js';
import { link, linkedAccount, touchSignIn } from './social-identities.js';

/** How a callback ends: a code for the exchange, or the error its redirect names. */
type SocialSignInOutcome = { code: string } | { error: 'sso_required' | 'email_not_verified' | 'account_not_verified' };

export async function signInWithSocialIdentity(db: Database, provider: string, identity: ProviderIdentity, origin: RequestOrigin, now: () => Date): Promise<SocialSignInOutcome> {
  const email = identity.verifiedEmail;
  if (email === undefined) return { error: 'email_not_verified' };
  const social = { provider, subject: identity.subject, email };

  type Decision =
    | SocialSignInOutcome
    | { refusal: 'sso_required'; orgId: OrgId; domain: string; userId: string | undefined }
    | { refusal: 'account_not_verified'; userId: string };
  const decision = await db.transaction(async (tx): Promise<Decision> => {
    const linked = await linkedAccount(tx, provider, identity.subject);
    const existing = linked ? undefined : await findLiveAccountByEmail(tx, email);
    // The address enforced is the account's: the linked one's, or the one it would be linked or created by.
    const enforcement = await ssoEnforcementFor(tx, linked?.email ?? email);
    if (enforcement) return { refusal: 'sso_required', orgId: enforcement.orgId, domain: enforcement.domain, userId: linked?.userId ?? existing?.id };
    if (existing?.hasPassword && !existing.emailVerified) return { refusal: 'account_not_verified', userId: existing.id };

    const userId = linked?.userId ?? existing?.id ?? (await createAccount(tx, { email, name: identity.name, emailVerified: true, source: 'social', origin }));
    // Another sign-in created the address's account in the meantime: the person tries again and is linked to it.
    if (userId === undefined) throw conflict('an account for this address was created at the same time');
    const personal = await personalOrganizationOfAccount(tx, userId);
    if (linked) {
      await touchSignIn(tx, social);
    } else {
      await link(tx, social, userId);
      if (existing && !existing.emailVerified) await markEmailVerified(tx, userId, { method: 'social', origin });
      await recordIdentityEvent(tx, personal, origin, { actor: { userId }, action: 'social_identity.linked', detail: { provider, subject: identity.subject, email, account: existing ? 'existing' : 'created' } });
    }
    return { code: await issueSignInCode(tx, { userId, orgId: personal, method: 'social' }) };
  });

  if (!('refusal' in decision)) return decision;
  // Refusals its caller can repeat at will (sign in at the provider again): counted per window, by the provider identity.
  const subject = `${provider}:${identity.subject}`;
  if (decision.refusal === 'sso_required') {
    const actor = decision.userId ? { userId: decision.userId } : ('anonymous' as const);
    await recordRepeatableRefusal(db, decision.orgId, origin, { actor, subject, action: 'sso_enforcement.sign_in_refused', detail: { method: 'social', provider, email, domain: decision.domain } }, now());
    return { error: 'sso_required' };
  }
  const personal = await personalOrganizationOfAccount(db, decision.userId);
  await recordRepeatableRefusal(
    db,
    personal,
    origin,
    { actor: 'anonymous', subject, action: 'session.sign_in_refused', detail: { method: 'social', provider, reason: 'the address belongs to an account with a password and an unverified address' } },
    now(),
  );
  return { error: 'account_not_verified' };
}
