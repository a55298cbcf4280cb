// What happens once an identity provider has vouched for a person (// 4, 6 and 8; spec 3.2, 5.9, 5.10). A provider speaks for an address only when its
// organization has verified the address's domain: a session is the person's across
// all their organizations, so an owner who could make their IdP assert any member's
// address would take over that person's other organizations too.
//
// Then, in order: the unverified password account of the address is retired (its own
// transaction, kept even when the sign-in is refused after it), and in one transaction
// the live account is found or created (verified), the person is signed in as a member
// or admitted just in time (within the plan's seats, under the seat lock), their SSO
// groups are replaced with the assertion's and the mapped role applied, and the
// one-time code for POST /auth/exchange is issued. A refusal rolls that transaction back
// and is recorded in the provider's organization as sso.sign_in_refused with its reason.
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { systemScope } from '../../platform/tenancy.js';
import { createAccount, findLiveAccountByEmail, issueSignInCode, markEmailVerified, retireUnverifiedAccount } from '../accounts/index.js';
import { verifiedDomainOwnerOf } from '../domains/index.js';
import { applyMappedRole, nameSsoGroups, replaceSsoGroupMembership } from '../groups/index.js';
import { addMembership, findMember, isDeletionScheduled, lockSeats, seatFree } from '../../organizations/index.js';
import type { SsoProvider } from './providers.js';
import type { VouchedIdentity } from './vouched-identity.js';

/** Why a vouched sign-in was refused; each is also the error code the return address receives. */
type RefusalReason = 'email_missing' | 'email_not_verified' | 'domain_not_verified' | 'not_a_member' | 'seat_limit_reached' | 'organization_deletion_scheduled';

type Completion = { signedIn: true; code: string; userId: string } | { signedIn: false; reason: RefusalReason };

class Refusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
  }
}

const MAX_NAME_LENGTH = 100;

export async function completeSignIn(db: Database, provider: SsoProvider, vouched: VouchedIdentity, origin: RequestOrigin): Promise<Completion> {
  const orgId = provider.orgId;
  const email = vouched.email?.trim().toLowerCase();
  const refuse = async (reason: RefusalReason): Promise<Completion> => {
    await recordIdentityEvent(db, orgId, origin, {
      actor: 'anonymous',
      action: 'sso.sign_in_refused',
      detail: { reason, sso_provider_id: provider.id, email: email ?? null, subject: vouched.subject },
    });
    return { signedIn: false, reason };
  };

  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) return refuse('email_missing');
  // A provider that says the address is not verified does not vouch for it; one that says nothing vouches (SAML never says).
  if (vouched.emailVerified === false) return refuse('email_not_verified');
  const owner = await verifiedDomainOwnerOf(db, systemScope('match-verified-domain'), email);
  if (owner?.orgId !== orgId) return refuse('domain_not_verified');

  await db.transaction((tx) => retireUnverifiedAccount(tx, email, { orgId, trigger: 'sso', origin }));

  try {
    return await db.transaction(async (tx) => {
      const userId = await liveAccountOf(tx, email, vouched);
      await markEmailVerified(tx, userId, { method: 'sso', origin });
      if (!(await findMember(tx, orgId, userId))) await admitJustInTime(tx, provider, userId, origin);
      if (vouched.groups !== undefined) {
        const groups = await nameSsoGroups(tx, orgId, provider.id, vouched.groups);
        await replaceSsoGroupMembership(tx, orgId, provider.id, userId, groups.map((group) => group.id));
        await applyMappedRole(tx, orgId, userId, { userId }, origin);
      }
      const code = await issueSignInCode(tx, { userId, orgId, method: 'sso', ssoProviderId: provider.id });
      return { signedIn: true as const, code, userId };
    });
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.reason);
    throw error;
  }
}

/** The live account of the address, created (verified, without a password) when there is none. */
async function liveAccountOf(tx: Queryable, email: string, vouched: VouchedIdentity): Promise<string> {
  const existing = await findLiveAccountByEmail(tx, email);
  if (existing) return existing.id;
  const name = (vouched.name ?? email.slice(0, email.indexOf('@'))).slice(0, MAX_NAME_LENGTH);
  const created = await createAccount(tx, { email, name, emailVerified: true, source: 'sso' });
  // A concurrent first sign-in of the same address created it first.
  return created ?? (await findLiveAccountByEmail(tx, email))!.id;
}

/**
 * Just-in-time provisioning (spec 5.10): only when the provider enables it (the domain
 * is verified by now), with its default role (never owner), within the plan's seats
 * counted under the organization's lock, so racing first sign-ins take exactly the free
 * seats. Arrival 'jit'; audited as member.provisioned.
 */
async function admitJustInTime(tx: Queryable, provider: SsoProvider, userId: string, origin: RequestOrigin): Promise<void> {
  const orgId = provider.orgId;
  if (!provider.jitProvisioning) throw new Refusal('not_a_member');
  const seats = await lockSeats(tx, orgId);
  // Admitted meanwhile by a concurrent sign-in of the same person (which held the lock first).
  if (await findMember(tx, orgId, userId)) return;
  if (await isDeletionScheduled(tx, orgId)) throw new Refusal('organization_deletion_scheduled');
  if (!seatFree(seats)) throw new Refusal('seat_limit_reached');
  await addMembership(tx, orgId, { userId, role: provider.defaultRole, arrival: 'jit', actor: { kind: 'user', id: userId } });
  await recordIdentityEvent(tx, orgId, origin, {
    actor: { userId },
    action: 'member.provisioned',
    detail: { user_id: userId, role: provider.defaultRole, arrival: 'jit', sso_provider_id: provider.id },
  });
}
