// Accounts created, verified and retired by identity providers and directories
// (spec 3.2). Single sign-on, SCIM and social login call these through the
// accounts entry; signup keeps its own path (it sets a password and starts a session).
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { recordIdentityEvent, recordSystemIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { systemScope } from '../../platform/tenancy.js';
import { createOrganization, personalOrganizationOf } from '../../organizations/index.js';
import { verifiedDomainOwnerOf } from '../domains/index.js';
import { createUser, normalizeEmail } from './users.js';

/** Who caused an account to be created: the provider of a social login, an organization's SSO, or its directory. */
export type AccountSource = 'social' | 'sso' | 'scim';

export interface NewAccount {
  email: string;
  name: string;
  /** True when the caller has proof the person controls the address (an SSO assertion, a provider-verified email). */
  emailVerified: boolean;
  /** Recorded with the creation; unstated, the record says only that it was not a signup. */
  source?: AccountSource;
  /** The request that caused it, for the trail; null or absent in a worker. */
  origin?: RequestOrigin | null;
}

/**
 * Creates a person (and their personal organization, as signup does) without a
 * password; undefined when the address is taken by a live account. Audited as
 * user.created in the new personal organization, actor system: the platform created
 * it on a provider's or directory's word, not the person through a signup form.
 */
export async function createAccount(tx: Queryable, input: NewAccount): Promise<string | undefined> {
  const userId = await createUser(tx, { email: input.email, name: input.name, passwordHash: null, emailVerified: input.emailVerified });
  if (userId === undefined) return undefined;
  const personal = await createOrganization(tx, { name: `${input.name} (personal)`.slice(0, 100), creatorUserId: userId, personal: true });
  await recordSystemIdentityEvent(
    tx,
    personal.id,
    { action: 'user.created', detail: { user_id: userId, source: input.source ?? null, email_verified: input.emailVerified } },
    input.origin ?? null,
  );
  return userId;
}

/** How an address came to be verified. */
export interface VerificationEvidence {
  /**
   * sso: a login through an organization's identity provider; mail_link: the link of a
   * verification mail; password_reset: the link of a password reset mail, used to set
   * a new password; social: a social login whose provider vouched for the address.
   */
  method: 'sso' | 'mail_link' | 'password_reset' | 'social';
  origin: RequestOrigin | null;
}

/**
 * Marks the address verified (an SSO login for it verifies it, as does the link of a
 * verification mail). Audited once, as user.email_verified in the person's personal
 * organization, the first time it happens; later calls change nothing.
 */
export async function markEmailVerified(tx: Queryable, userId: string, evidence: VerificationEvidence = { method: 'sso', origin: null }): Promise<void> {
  const { rows } = await tx.query<{ email: string }>(
    'UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL AND retired_at IS NULL RETURNING email',
    [userId],
  );
  if (!rows[0]) return;
  const personal = await personalOrganizationOf(tx, userId);
  const event = { action: 'user.email_verified', detail: { email: rows[0].email, method: evidence.method } };
  if (evidence.origin) await recordIdentityEvent(tx, personal, evidence.origin, { actor: { userId }, ...event });
  else await recordSystemIdentityEvent(tx, personal, event);
}

/** Where the person's own sign-ins are audited (spec 6.2), for the capabilities that sign people in. */
export const personalOrganizationOfAccount = (q: Queryable, userId: string): Promise<OrgId> => personalOrganizationOf(q, userId);

export interface RetirementCause {
  /** The organization whose verified domain holds the address, and whose SSO login or SCIM push asks. */
  orgId: OrgId;
  trigger: 'sso' | 'scim';
  origin: RequestOrigin | null;
}

/**
 * Spec 3.2: retires the account of this address if it was registered with a password, is unverified and was never
 * admitted to any organization (beyond its personal one), and the address's domain is verified by cause.orgId.
 * Its password, sessions (end_reason account_retired) and social logins stop working; the address is freed for a
 * fresh account (users.retired_at; partial unique index in migration 081). Audits user.unverified_account_retired.
 * Answers the retired account's id, or undefined when nothing was retired.
 */
export async function retireUnverifiedAccount(tx: Queryable, email: string, cause: RetirementCause): Promise<{ retiredUserId: string } | undefined> {
  const address = normalizeEmail(email);
  // The row lock holds off a concurrent verification, admission or sign-in of the same account until this commits.
  const { rows } = await tx.query<{ id: string; retirable: boolean }>(
    `SELECT id, (password_hash IS NOT NULL AND email_verified_at IS NULL AND admitted_at IS NULL) AS retirable
       FROM users WHERE email = $1 AND retired_at IS NULL
        FOR UPDATE`,
    [address],
  );
  const account = rows[0];
  if (!account?.retirable) return undefined;
  const owner = await verifiedDomainOwnerOf(tx, systemScope('match-verified-domain'), address);
  if (owner?.orgId !== cause.orgId) return undefined;

  const userId = account.id;
  // The password goes with it: nothing is left that could sign in, and nothing worth keeping.
  await tx.query('UPDATE users SET retired_at = now(), password_hash = NULL WHERE id = $1', [userId]);
  await tx.query(`UPDATE sessions SET ended_at = now(), end_reason = 'account_retired' WHERE user_id = $1 AND ended_at IS NULL`, [userId]);
  const personal = await personalOrganizationOf(tx, userId);
  // Credentials of the personal organization were the retired account's alone; nobody
  // is left who could manage them. (Organization deletion revokes them the same way.)
  await tx.query('UPDATE api_keys SET revoked_at = now() WHERE org_id = $1 AND revoked_at IS NULL', [personal]);
  await tx.query('UPDATE workloads SET revoked_at = now() WHERE org_id = $1 AND revoked_at IS NULL', [personal]);
  const event = {
    action: 'user.unverified_account_retired',
    detail: { retired_user_id: userId, email: address, trigger: cause.trigger, domain: owner.domain },
  };
  // Where the organization whose domain it is will look, and where the account's own sign-ins were recorded.
  await recordSystemIdentityEvent(tx, cause.orgId, event, cause.origin);
  await recordSystemIdentityEvent(tx, personal, event, cause.origin);
  return { retiredUserId: userId };
}
