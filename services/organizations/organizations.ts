// Organizations and their plans. An organization is created with its creator
// seated as owner in the same transaction (spec 2.1).
import type { components } from '../../api/openapi.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { actingAsSystem, actingForTenant, systemScope, tenantOfMembership } from '../platform/tenancy.js';

const personMemberships = systemScope('read-person-memberships');
import type { Role } from '../platform/authorization/permissions.js';
import { addMembership } from './memberships.js';

/** A plan as the API shows it: the document's Plan. */
export type Plan = components['schemas']['Plan'];

/** An organization as the API shows it: the document's Organization, its id the tenancy's OrgId. */
export type Organization = components['schemas']['Organization'] & { id: OrgId };

interface OrganizationRow {
  id: string;
  name: string;
  personal_for_user_id: string | null;
  created_at: Date;
  deletion_scheduled_at: Date | null;
  deletion_scheduled_by: string | null;
  deletes_at: Date | null;
  plan_code: string;
  plan_name: string;
  seats: number | null;
  concurrent_scans: number;
}

const toOrganization = (row: OrganizationRow): Organization => ({
  id: tenantOfMembership(row.id),
  name: row.name,
  plan: { code: row.plan_code, name: row.plan_name, seats: row.seats, concurrent_scans: row.concurrent_scans },
  personal: row.personal_for_user_id !== null,
  created_at: new Date(row.created_at).toISOString(),
  deletion:
    row.deletes_at === null
      ? null
      : { scheduled_at: new Date(row.deletion_scheduled_at!).toISOString(), scheduled_by: row.deletion_scheduled_by!, deletes_at: new Date(row.deletes_at).toISOString() },
});

const organizationColumns = `o.id, o.name, o.personal_for_user_id, o.created_at, o.deletion_scheduled_at, o.deletion_scheduled_by, o.deletes_at,
            p.code AS plan_code, p.name AS plan_name, p.seats, p.concurrent_scans`;

/** Creates an organization on the Free plan, no trial, and seats its creator as owner, unconditionally. */
export async function createOrganization(tx: Queryable, input: { name: string; creatorUserId: string; personal: boolean }): Promise<Organization> {
  const { rows } = await tx.query<{ id: string }>('INSERT INTO organizations (name, personal_for_user_id) VALUES ($1, $2) RETURNING id', [
    input.name,
    input.personal ? input.creatorUserId : null,
  ]);
  const orgId = tenantOfMembership(rows[0]!.id);
  // The new organization's rows are its own, whichever organization its creator acts in.
  return actingForTenant(orgId, async () => {
    await addMembership(tx, orgId, { userId: input.creatorUserId, role: 'owner', arrival: 'manual', actor: { kind: 'user', id: input.creatorUserId } });
    return (await findOrganization(tx, orgId))!;
  });
}

export async function findOrganization(q: Queryable, orgId: OrgId): Promise<Organization | undefined> {
  const { rows } = await q.query<OrganizationRow>(
    `SELECT ${organizationColumns}
       FROM organizations o JOIN plans p ON p.code = o.plan_code
      WHERE o.id = $1`,
    [orgId],
  );
  return rows[0] && toOrganization(rows[0]);
}

export async function renameOrganization(tx: Queryable, orgId: OrgId, name: string): Promise<{ previousName: string; organization: Organization }> {
  const { rows } = await tx.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
  await tx.query('UPDATE organizations SET name = $2 WHERE id = $1', [orgId, name]);
  return { previousName: rows[0]!.name, organization: (await findOrganization(tx, orgId))! };
}

/** Every organization the person belongs to, oldest first, with their role in each. */
export async function listOrganizationsOf(q: Queryable, userId: string): Promise<Array<Organization & { role: Role }>> {
  const { rows } = await actingAsSystem(personMemberships, () => q.query<OrganizationRow & { role: Role }>(
    `SELECT ${organizationColumns}, m.role
       FROM organizations o
       JOIN plans p ON p.code = o.plan_code
       JOIN memberships m ON m.org_id = o.id
      WHERE m.user_id = $1
      ORDER BY o.created_at, o.id`,
    [userId],
  ));
  return rows.map((row) => ({ ...toOrganization(row), role: row.role }));
}

/**
 * The organization signup created for the person: where their sign-ins, sign-outs
 * and replayed refresh tokens are audited (spec 6.2). Every account has one.
 */
export async function personalOrganizationOf(q: Queryable, userId: string): Promise<OrgId> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM organizations WHERE personal_for_user_id = $1', [userId]);
  if (!rows[0]) throw new Error(`user ${userId} has no personal organization`);
  return tenantOfMembership(rows[0].id);
}
