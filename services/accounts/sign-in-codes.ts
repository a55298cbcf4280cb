// One-time sign-in codes. A social or SSO sign-in completes in a redirect, where
// tokens must not travel (URLs end up in logs and histories); it hands the browser
// or CLI a code instead, which POST /api/v1/auth/exchange trades for a session.
// A code works once, for a minute, and only its SHA-256 digest is stored.
import type { OrgId, Queryable } from '../platform/db/database.js';
import { tenantOfClaim, type SystemScope } from '../platform/tenancy.js';
import { newSecret, secretDigest } from '../platform/crypto/secrets.js';

export const SIGN_IN_CODE_TTL_SECONDS = 60;
const SIGN_IN_CODE_PREFIX = 'snc_';

export interface SignInCodeGrant {
  userId: string;
  /** Where the sign-in is audited: the personal organization (social) or the identity provider's (SSO). */
  orgId: OrgId;
  method: 'social' | 'sso';
}

/** Called by the social-login and SSO callbacks once the provider has vouched for the person. */
export async function issueSignInCode(q: Queryable, grant: SignInCodeGrant): Promise<string> {
  const code = newSecret(SIGN_IN_CODE_PREFIX);
  await q.query(
    `INSERT INTO sign_in_codes (code_hash, user_id, org_id, method, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [secretDigest(code), grant.userId, grant.orgId, grant.method, SIGN_IN_CODE_TTL_SECONDS],
  );
  return code;
}

/** Uses the code up and answers what it grants; undefined when it is unknown, used or expired. */
export async function redeemSignInCode(q: Queryable, scope: SystemScope, code: string): Promise<SignInCodeGrant | undefined> {
  // One conditional UPDATE: of two concurrent redemptions exactly one gets the row.
  const { rows } = await q.query<{ user_id: string; org_id: string; method: 'social' | 'sso' }>(
    `UPDATE sign_in_codes SET used_at = now()
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, org_id, method`,
    [secretDigest(code)],
  );
  return rows[0] && { userId: rows[0].user_id, orgId: tenantOfClaim(scope, rows[0].org_id), method: rows[0].method };
}
