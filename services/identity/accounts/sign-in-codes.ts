// One-time sign-in codes. A social or SSO sign-in completes in a redirect, where
// tokens must not travel (URLs end up in logs and histories); it hands the browser
// or CLI a code instead, which POST /api/v1/auth/exchange trades for a session.
// A code works once, for a minute, and only its SHA-256 digest is stored.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';
import { newSecret, secretDigest } from '../../platform/crypto/secrets.js';

const SIGN_IN_CODE_TTL_SECONDS = 60;
const SIGN_IN_CODE_PREFIX = 'snc_';

export interface SignInCodeGrant {
  userId: string;
  /** Where the sign-in is audited: the personal organization (social) or the identity provider's (SSO). */
  orgId: OrgId;
  method: 'social' | 'sso';
  /** The identity provider of an SSO sign-in, named in its session.signed_in record. */
  ssoProviderId?: string;
}

/** Called by the social-login and SSO callbacks once the provider has vouched for the person. */
export async function issueSignInCode(q: Queryable, grant: SignInCodeGrant): Promise<string> {
  const code = newSecret(SIGN_IN_CODE_PREFIX);
  await q.query(
    `INSERT INTO sign_in_codes (code_hash, user_id, org_id, method, expires_at, sso_provider_id)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
    [secretDigest(code), grant.userId, grant.orgId, grant.method, SIGN_IN_CODE_TTL_SECONDS, grant.ssoProviderId ?? null],
  );
  return code;
}

/** Uses the code up and answers what it grants; undefined when it is unknown, used or expired. */
export async function redeemSignInCode(q: Queryable, scope: SystemScope, code: string): Promise<SignInCodeGrant | undefined> {
  // One conditional UPDATE: of two concurrent redemptions exactly one gets the row.
  // A code of an account retired since it was issued grants nothing.
  const { rows } = await q.query<{ user_id: string; org_id: string; method: 'social' | 'sso'; sso_provider_id: string | null }>(
    `UPDATE sign_in_codes c SET used_at = now()
       FROM users u
      WHERE c.code_hash = $1 AND c.used_at IS NULL AND c.expires_at > now()
        AND u.id = c.user_id AND u.retired_at IS NULL
      RETURNING c.user_id, c.org_id, c.method, c.sso_provider_id`,
    [secretDigest(code)],
  );
  const row = rows[0];
  return row && { userId: row.user_id, orgId: tenantOfClaim(scope, row.org_id), method: row.method, ...(row.sso_provider_id === null ? {} : { ssoProviderId: row.sso_provider_id }) };
}
