// Fixtures for directory groups: an organization's SSO provider, a SCIM group (as
// identity/scim writes one), a person seated with a given arrival, and a mapping set
// directly (the PATCH route's own tests go through the route).
import { randomUUID } from 'node:crypto';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import { addMembership, type Arrival } from '../../../organizations/index.js';
import type { Role } from '../../../platform/authorization/permissions.js';
import type { MappableRole } from '../index.js';

export async function ssoProvider(app: TestApp, tenant: TestTenant): Promise<string> {
  const { rows } = await app.db.query<{ id: string }>(
    "INSERT INTO sso_providers (org_id, protocol, name) VALUES ($1, 'oidc', $2) RETURNING id",
    [tenant.id, `IdP ${randomUUID().slice(0, 8)}`],
  );
  return rows[0]!.id;
}

export async function scimGroup(app: TestApp, tenant: TestTenant, name: string, members: readonly string[] = []): Promise<string> {
  const { rows } = await app.db.query<{ id: string }>(
    "INSERT INTO directory_groups (org_id, source, name, external_id) VALUES ($1, 'scim', $2, $3) RETURNING id",
    [tenant.id, name, `ext-${randomUUID()}`],
  );
  const id = rows[0]!.id;
  for (const userId of members) await app.db.query('INSERT INTO directory_group_members (org_id, group_id, user_id) VALUES ($1, $2, $3)', [tenant.id, id, userId]);
  return id;
}

export async function mapDirectly(app: TestApp, tenant: TestTenant, groupId: string, role: MappableRole | null): Promise<void> {
  await app.db.query('UPDATE directory_groups SET role = $3, mapped_at = now() WHERE org_id = $1 AND id = $2', [tenant.id, groupId, role]);
}

/** A fresh person seated in the tenant with this role and arrival. */
export async function seated(app: TestApp, tenant: TestTenant, role: Role, arrival: Arrival): Promise<TestPerson> {
  const person = await app.signup();
  await app.db.transaction((tx) => addMembership(tx, tenant.id, { userId: person.id, role, arrival, actor: { kind: 'system', id: null } }));
  return person;
}

export async function roleIn(app: TestApp, tenant: TestTenant, userId: string): Promise<string | undefined> {
  const { rows } = await app.db.query<{ role: string }>('SELECT role FROM memberships WHERE org_id = $1 AND user_id = $2', [tenant.id, userId]);
  return rows[0]?.role;
}
