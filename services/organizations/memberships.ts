// Memberships: who belongs to which organization, with which role, and how they
// arrived (spec 2.9). Changes emit domain events in the caller's transaction.
import type { components } from '../../api/openapi.js';
import { appendToOutbox, type NewDomainEvent } from '../../streams/outbox.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { actingAsSystem, systemScope, tenantOfMembership } from '../platform/tenancy.js';
import { isOwnerRole, ownerRoles, type Role } from '../platform/authorization/permissions.js';

const personMemberships = systemScope('read-person-memberships');

export const arrivals = ['manual', 'invitation', 'directory', 'jit'] as const;
export type Arrival = (typeof arrivals)[number];

/** A member as the API shows it: the document's Member. */
export type Member = components['schemas']['Member'];

interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: Role;
  arrival: Arrival;
  created_at: Date;
}

const toMember = (row: MemberRow): Member => ({
  user_id: row.user_id,
  email: row.email,
  name: row.name,
  role: row.role,
  arrival: row.arrival,
  directory_sourced: row.arrival === 'directory',
  joined_at: new Date(row.created_at).toISOString(),
});

type EventActor = NewDomainEvent['actor'];

/**
 * Seats a person. The caller decides whether they may (seat limits, invitation
 * rules); creating an organization seats its creator unconditionally.
 */
export async function addMembership(tx: Queryable, orgId: OrgId, input: { userId: string; role: Role; arrival: Arrival; actor: EventActor }): Promise<void> {
  await tx.query('INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, $3, $4)', [orgId, input.userId, input.role, input.arrival]);
  await appendToOutbox(tx, orgId, {
    type: 'member.added',
    subjectId: input.userId,
    actor: input.actor,
    payload: { user_id: input.userId, role: input.role, arrival: input.arrival },
  });
}

/** A member's row with the person's address and name; the caller adds the WHERE condition. */
const memberRows = `SELECT m.user_id, u.email, u.name, m.role, m.arrival, m.created_at
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE`;

export async function findMember(q: Queryable, orgId: OrgId, userId: string): Promise<Member | undefined> {
  const { rows } = await q.query<MemberRow>(
    `${memberRows} m.org_id = $1 AND m.user_id = $2`,
    [orgId, userId],
  );
  return rows[0] && toMember(rows[0]);
}

/** The member with this address (lower-case, as stored), if any. */
export async function findMemberByEmail(q: Queryable, orgId: OrgId, email: string): Promise<Member | undefined> {
  const { rows } = await q.query<MemberRow>(
    `${memberRows} m.org_id = $1 AND u.email = $2`,
    [orgId, email],
  );
  return rows[0] && toMember(rows[0]);
}

/** The roster, in order of arrival. */
export async function listMembers(q: Queryable, orgId: OrgId): Promise<Member[]> {
  const { rows } = await q.query<MemberRow>(
    `${memberRows} m.org_id = $1
      ORDER BY m.created_at, m.user_id`,
    [orgId],
  );
  return rows.map(toMember);
}

/**
 * Serializes membership changes of one organization until the transaction ends,
 * so two owners demoting each other at once cannot leave it with none.
 * Answers who the organization is personal to, if anyone.
 */
export async function lockMemberships(tx: Queryable, orgId: OrgId): Promise<{ personalForUserId: string | null }> {
  const { rows } = await tx.query<{ personal_for_user_id: string | null }>('SELECT personal_for_user_id FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
  return { personalForUserId: rows[0]?.personal_for_user_id ?? null };
}

export async function countOwners(tx: Queryable, orgId: OrgId): Promise<number> {
  const { rows } = await tx.query<{ owners: number }>('SELECT count(*)::int AS owners FROM memberships WHERE org_id = $1 AND role = ANY($2::text[])', [orgId, ownerRoles]);
  return rows[0]!.owners;
}

export async function updateRole(tx: Queryable, orgId: OrgId, userId: string, role: Role): Promise<void> {
  await tx.query('UPDATE memberships SET role = $3 WHERE org_id = $1 AND user_id = $2', [orgId, userId, role]);
}

/**
 * Memberships whose role directory-group mappings manage: those the directory or a
 * just-in-time sign-in brought. A manual or invitation membership is an
 * administrator's decision, which no mapping overrides.
 */
export const mappingManagedArrivals: readonly Arrival[] = ['directory', 'jit'];

/**
 * Brings a mapping-managed membership to `role` (undefined: leaves it as it is) and
 * answers its role before and after; undefined when the person is not a member.
 * An owner's membership and a manual or invitation one are left alone, so no mapping
 * demotes an owner (the last one least of all) or confers owner. The row lock orders
 * it with concurrent role changes, which re-read the row after it.
 */
export async function alignMappedRole(tx: Queryable, orgId: OrgId, userId: string, role: Role | undefined): Promise<{ from: Role; to: Role } | undefined> {
  if (role !== undefined && isOwnerRole(role)) throw new Error('a group mapping never confers owner');
  const { rows } = await tx.query<{ role: Role; arrival: Arrival }>('SELECT role, arrival FROM memberships WHERE org_id = $1 AND user_id = $2 FOR UPDATE', [orgId, userId]);
  const current = rows[0];
  if (!current) return undefined;
  const managed = mappingManagedArrivals.includes(current.arrival) && !isOwnerRole(current.role);
  if (role === undefined || !managed || role === current.role) return { from: current.role, to: current.role };
  await updateRole(tx, orgId, userId, role);
  return { from: current.role, to: role };
}

export async function deleteMembership(tx: Queryable, orgId: OrgId, userId: string): Promise<void> {
  await tx.query('DELETE FROM memberships WHERE org_id = $1 AND user_id = $2', [orgId, userId]);
  // The preference would otherwise come back to life if they were admitted again later.
  await tx.query('UPDATE users SET active_org_id = NULL WHERE id = $2 AND active_org_id = $1', [orgId, userId]);
}

/**
 * The organization a person acts in (spec 1.1 rule 10): the one they chose while
 * still a member, otherwise the one they joined first (membership time, not the
 * organizations' creation time). Being added to an organization, by anyone and by any
 * path, never changes where a person acts: for anyone who signed up that stays their
 * personal organization until they choose. An account a directory or a just-in-time
 * sign-in created is seated in its personal organization and the provisioning one in
 * the same transaction: it acts in the provisioning one, the reason the account exists.
 * Read on every request, so a lost membership takes effect at once.
 */
export async function resolveActingMembership(q: Queryable, userId: string): Promise<{ orgId: OrgId; role: Role; deletionScheduled: boolean } | undefined> {
  const { rows } = await actingAsSystem(personMemberships, () => q.query<{ org_id: string; role: Role; deletion_scheduled: boolean }>(
    `SELECT m.org_id, m.role, o.deletes_at IS NOT NULL AS deletion_scheduled
       FROM memberships m
       JOIN organizations o ON o.id = m.org_id
       JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1
      ORDER BY (m.org_id IS NOT DISTINCT FROM u.active_org_id) DESC, m.created_at, (o.personal_for_user_id = m.user_id) IS TRUE, o.id
      LIMIT 1`,
    [userId],
  ));
  return rows[0] && { orgId: tenantOfMembership(rows[0].org_id), role: rows[0].role, deletionScheduled: rows[0].deletion_scheduled };
}

/** The person's membership in an organization a request names; undefined when they are not a member of it (or it does not exist). */
export async function membershipIn(q: Queryable, userId: string, requestedOrgId: string): Promise<{ orgId: OrgId; role: Role } | undefined> {
  const { rows } = await actingAsSystem(personMemberships, () =>
    q.query<{ org_id: string; role: Role }>('SELECT org_id, role FROM memberships WHERE user_id = $1 AND org_id = $2', [userId, requestedOrgId]),
  );
  return rows[0] && { orgId: tenantOfMembership(rows[0].org_id), role: rows[0].role };
}
