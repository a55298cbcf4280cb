// Enterprise-identity state for accounts' tests: a domain an organization has
// verified and an enforced SSO provider, written as rows of the tables migration 081
// made (the domains and SSO capabilities own their routes; these tests need only
// the state those routes leave behind).
import { randomUUID } from 'node:crypto';
import type { Database, OrgId } from '../../../platform/db/database.js';

/** A fresh domain, verified by the organization; answers the domain. */
export async function verifiedDomain(db: Database, orgId: OrgId, domain = `d-${randomUUID().slice(0, 12)}.example.test`): Promise<string> {
  await db.query(
    `INSERT INTO identity_domains (org_id, domain, verification_token, token_expires_at, verified_at)
     VALUES ($1, $2, $3, now() + interval '7 days', now())`,
    [orgId, domain, `sentinel-verification=${randomUUID()}`],
  );
  return domain;
}

/** An enabled OIDC provider of the organization that enforces single sign-on. */
export async function enforcedSsoProvider(db: Database, orgId: OrgId): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sso_providers (org_id, protocol, name, enabled, enforced, settings)
     VALUES ($1, 'oidc', $2, true, true, '{}'::jsonb) RETURNING id`,
    [orgId, `Corporate IdP ${randomUUID().slice(0, 8)}`],
  );
  return rows[0]!.id;
}

/** Stops enforcing (the provider stays enabled). */
export async function relaxSsoProvider(db: Database, providerId: string): Promise<void> {
  await db.query('UPDATE sso_providers SET enforced = false WHERE id = $1', [providerId]);
}
