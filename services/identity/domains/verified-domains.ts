// Which organization holds an address's domain verified. Sign-ins and SCIM pushes
// ask before they know an organization, so the lookup takes the system scope.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { actingAsSystem, tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

export interface VerifiedDomainOwner {
  orgId: OrgId;
  domainId: string;
  domain: string;
}

/** The domain part of an address, lower-cased; undefined for an address without one. */
export function domainOfAddress(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  const domain = at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
  return domain === '' ? undefined : domain;
}

/** The organization that has verified the address's domain; at most one can (a unique index). */
export async function verifiedDomainOwnerOf(q: Queryable, scope: SystemScope, email: string): Promise<VerifiedDomainOwner | undefined> {
  const domain = domainOfAddress(email);
  if (!domain) return undefined;
  const { rows } = await actingAsSystem(scope, () =>
    q.query<{ id: string; org_id: string }>('SELECT id, org_id FROM identity_domains WHERE domain = $1 AND verified_at IS NOT NULL', [domain]),
  );
  return rows[0] && { orgId: tenantOfClaim(scope, rows[0].org_id), domainId: rows[0].id, domain };
}

/**
 * Whether the organization itself holds the address's domain verified: what a
 * directory of that organization may provision. Asked of the organization's own rows,
 * so it needs no system scope.
 */
export async function isVerifiedDomainOf(q: Queryable, orgId: OrgId, email: string): Promise<boolean> {
  const domain = domainOfAddress(email);
  if (!domain) return false;
  const { rows } = await q.query('SELECT 1 FROM identity_domains WHERE org_id = $1 AND domain = $2 AND verified_at IS NOT NULL', [orgId, domain]);
  return rows.length > 0;
}
