// A sign-in between leaving for the identity provider and coming back (table
// sso_pending_sign_ins, migrations 084 and 105). Only the digest of its state is kept;
// the OIDC nonce and PKCE verifier are derived from the state with the token signing
// key, so the row holds no secret. Taking it marks it consumed: a state works once,
// and the row stays until it expires so that a replay still names its organization.
import { createHmac, randomBytes } from 'node:crypto';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { secretDigest } from '../../platform/crypto/secrets.js';
import { tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

/** How long a person has at the identity provider: a password, a second factor, perhaps a consent screen. */
export const PENDING_SIGN_IN_TTL_SECONDS = 600;

export interface PendingSignIn {
  orgId: OrgId;
  providerId: string;
  samlRequestId: string | null;
  returnTo: string;
  /** False once its ten minutes are over: taken (so gone) all the same. */
  live: boolean;
}

/** 256 random bits, base64url: the OIDC state or SAML RelayState (43 characters, within RelayState's 80 bytes). */
export const newSignInState = (): string => randomBytes(32).toString('base64url');

/** A secret of the sign-in derived from its state: the same state gives the same value, and nothing stored reveals it. */
export function derivedFromState(signingKey: Buffer, purpose: 'oidc-pkce-verifier' | 'oidc-nonce', state: string): string {
  return createHmac('sha256', signingKey).update(`sentinel-sso-${purpose}\0${state}`).digest('base64url');
}

/** Records the sign-in; expired ones of the provider are cleared on the way, so abandoned sign-ins do not pile up. */
export async function savePendingSignIn(
  tx: Queryable,
  orgId: OrgId,
  pending: { providerId: string; state: string; samlRequestId: string | null; returnTo: string },
): Promise<void> {
  await tx.query('DELETE FROM sso_pending_sign_ins WHERE org_id = $1 AND sso_provider_id = $2 AND expires_at <= now()', [orgId, pending.providerId]);
  await tx.query(
    `INSERT INTO sso_pending_sign_ins (state_hash, org_id, sso_provider_id, saml_request_id, return_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [secretDigest(pending.state), orgId, pending.providerId, pending.samlRequestId, pending.returnTo, PENDING_SIGN_IN_TTL_SECONDS],
  );
}

/**
 * Takes the sign-in the state names, whatever its age, marking it consumed (one
 * statement: of two concurrent callbacks with one state exactly one gets it); a
 * consumed one is not taken again. Found by the digest of a state the identity
 * provider handed back, before any organization is known: the system operation
 * complete-sso-sign-in.
 */
export async function takePendingSignIn(q: Queryable, scope: SystemScope, state: string): Promise<PendingSignIn | undefined> {
  const { rows } = await q.query<{ org_id: string; sso_provider_id: string; saml_request_id: string | null; return_to: string; live: boolean }>(
    `UPDATE sso_pending_sign_ins SET consumed_at = now() WHERE state_hash = $1 AND consumed_at IS NULL
     RETURNING org_id, sso_provider_id, saml_request_id, return_to, expires_at > now() AS live`,
    [secretDigest(state)],
  );
  const row = rows[0];
  return row && { orgId: tenantOfClaim(scope, row.org_id), providerId: row.sso_provider_id, samlRequestId: row.saml_request_id, returnTo: row.return_to, live: row.live };
}

/**
 * The provider and organization of the sign-in the state names, consumed or not, without
 * taking it: whose trail records a callback refused because it came from another browser.
 */
export async function signInOfState(q: Queryable, scope: SystemScope, state: string): Promise<{ orgId: OrgId; providerId: string } | undefined> {
  const { rows } = await q.query<{ org_id: string; sso_provider_id: string }>('SELECT org_id, sso_provider_id FROM sso_pending_sign_ins WHERE state_hash = $1', [secretDigest(state)]);
  const row = rows[0];
  return row && { orgId: tenantOfClaim(scope, row.org_id), providerId: row.sso_provider_id };
}

/**
 * Records an accepted SAML assertion until it expires; false when the provider's
 * assertion of that id was accepted before (a replay). Expired ones are cleared first.
 */
export async function consumeAssertion(tx: Queryable, orgId: OrgId, providerId: string, assertion: { id: string; expiresAt: Date }): Promise<boolean> {
  await tx.query('DELETE FROM sso_consumed_assertions WHERE org_id = $1 AND sso_provider_id = $2 AND expires_at <= now()', [orgId, providerId]);
  const { rows } = await tx.query(
    `INSERT INTO sso_consumed_assertions (org_id, sso_provider_id, assertion_id, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (sso_provider_id, assertion_id) DO NOTHING RETURNING 1`,
    [orgId, providerId, assertion.id, assertion.expiresAt],
  );
  return rows.length > 0;
}
