// SSO enforcement (spec 5.10): when an organization enforces single sign-on, a
// password or social sign-in for an address in one of its verified domains is
// refused with sso_required, and password sessions end at their next renewal.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { systemScope } from '../../platform/tenancy.js';
import { verifiedDomainOwnerOf } from '../domains/index.js';

export interface SsoEnforcement {
  /** The organization that enforces SSO for the address. */
  orgId: OrgId;
  domain: string;
}

/** Whether SSO is enforced for the address: its domain is verified by an organization with an enabled, enforced provider. */
export async function ssoEnforcementFor(q: Queryable, email: string): Promise<SsoEnforcement | undefined> {
  const owner = await verifiedDomainOwnerOf(q, systemScope('match-verified-domain'), email);
  if (!owner) return undefined;
  const { rows } = await q.query('SELECT 1 FROM sso_providers WHERE org_id = $1 AND enabled AND enforced LIMIT 1', [owner.orgId]);
  return rows.length > 0 ? { orgId: owner.orgId, domain: owner.domain } : undefined;
}
