// The storage of SCIM users and groups (migration 086; groups are directory_groups
// rows of source scim, migration 081). Every query is keyed by organization.
import { isUuid } from '../../platform/ids.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import type { JsonObject } from './resource-input.js';

export interface ScimUserRow {
  id: string;
  user_name: string;
  external_id: string | null;
  active: boolean;
  user_id: string | null;
  resource: JsonObject;
  version: string;
  created_at: Date;
  updated_at: Date;
}

export interface ScimGroupRow {
  id: string;
  name: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MemberView {
  value: string;
  display: string;
}

// A SCIM id this service gives out is a UUID; anything else names nothing (and would not cast).
const isResourceId = (id: string): boolean => isUuid(id);

const USER_COLUMNS = 'u.id, u.user_name, u.external_id, u.active, u.user_id, u.resource, u.version::text AS version, u.created_at, u.updated_at';
const GROUP_COLUMNS = 'g.id, g.name, g.external_id, g.created_at, g.updated_at';

interface NewScimUser {
  userName: string;
  externalId: string | undefined;
  active: boolean;
  userId: string | undefined;
  resource: JsonObject;
}

/** The new row, or undefined when the organization already has the userName (compared without case). */
export async function insertScimUser(tx: Queryable, orgId: OrgId, user: NewScimUser): Promise<ScimUserRow | undefined> {
  const { rows } = await tx.query<ScimUserRow>(
    `INSERT INTO scim_users AS u (org_id, user_name, external_id, active, user_id, resource) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (org_id, lower(user_name)) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [orgId, user.userName, user.externalId ?? null, user.active, user.userId ?? null, JSON.stringify(user.resource)],
  );
  return rows[0];
}

export async function findScimUser(q: Queryable, orgId: OrgId, id: string, options: { lock?: boolean } = {}): Promise<ScimUserRow | undefined> {
  if (!isResourceId(id)) return undefined;
  const { rows } = await q.query<ScimUserRow>(`SELECT ${USER_COLUMNS} FROM scim_users u WHERE u.org_id = $1 AND u.id = $2${options.lock ? ' FOR UPDATE' : ''}`, [orgId, id]);
  return rows[0];
}

/** Whether a user of the organization (other than exceptId) has this userName (compared without case). */
export async function userNameTaken(q: Queryable, orgId: OrgId, userName: string, exceptId?: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM scim_users WHERE org_id = $1 AND lower(user_name) = lower($2) AND id IS DISTINCT FROM $3::uuid', [
    orgId,
    userName,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

export async function updateScimUser(tx: Queryable, orgId: OrgId, id: string, user: NewScimUser): Promise<ScimUserRow> {
  const { rows } = await tx.query<ScimUserRow>(
    `UPDATE scim_users AS u SET user_name = $3, external_id = $4, active = $5, user_id = $6, resource = $7, version = version + 1, updated_at = now()
      WHERE u.org_id = $1 AND u.id = $2
      RETURNING ${USER_COLUMNS}`,
    [orgId, id, user.userName, user.externalId ?? null, user.active, user.userId ?? null, JSON.stringify(user.resource)],
  );
  return rows[0]!;
}

export async function deleteScimUser(tx: Queryable, orgId: OrgId, id: string): Promise<void> {
  await tx.query('DELETE FROM scim_users WHERE org_id = $1 AND id = $2', [orgId, id]);
}

/** Whether any other active user of the organization stands for this person. */
export async function personHasOtherActiveUser(q: Queryable, orgId: OrgId, personId: string, exceptId: string): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM scim_users WHERE org_id = $1 AND user_id = $2 AND active AND id <> $3 LIMIT 1', [orgId, personId, exceptId]);
  return rows.length > 0;
}

export interface Page {
  condition: string;
  /** The statement's parameters, $1 being the organization. */
  params: unknown[];
  orderBy: string;
  offset: number;
  limit: number;
}

export async function pageOfScimUsers(q: Queryable, page: Page): Promise<{ total: number; rows: ScimUserRow[] }> {
  return pageOf<ScimUserRow>(q, `scim_users u`, USER_COLUMNS, 'u.org_id = $1', page);
}

export async function pageOfScimGroups(q: Queryable, page: Page): Promise<{ total: number; rows: ScimGroupRow[] }> {
  return pageOf<ScimGroupRow>(q, `directory_groups g`, GROUP_COLUMNS, `g.org_id = $1 AND g.source = 'scim'`, page);
}

async function pageOf<Row>(q: Queryable, from: string, columns: string, scope: string, page: Page): Promise<{ total: number; rows: Row[] }> {
  const where = `${scope} AND ${page.condition}`;
  const counted = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`, page.params);
  const total = counted.rows[0]!.total;
  if (page.limit === 0 || page.offset >= total) return { total, rows: [] };
  const params = [...page.params, page.limit, page.offset];
  const { rows } = await q.query<Row>(
    `SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${page.orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { total, rows };
}

/** The SCIM groups holding each of these users. */
export async function groupsOfUsers(q: Queryable, orgId: OrgId, userIds: readonly string[]): Promise<Map<string, MemberView[]>> {
  const groups = new Map<string, MemberView[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return groups;
  const { rows } = await q.query<{ scim_user_id: string; id: string; name: string }>(
    `SELECT m.scim_user_id, g.id, g.name FROM scim_group_members m JOIN directory_groups g ON g.id = m.group_id AND g.org_id = m.org_id
      WHERE m.org_id = $1 AND m.scim_user_id = ANY($2::uuid[])
      ORDER BY g.name, g.id`,
    [orgId, userIds],
  );
  for (const row of rows) groups.get(row.scim_user_id)!.push({ value: row.id, display: row.name });
  return groups;
}

interface NewScimGroup {
  displayName: string;
  externalId: string | undefined;
}

/** The new group, or undefined when the organization already has a SCIM group of that displayName (compared without case). */
export async function insertScimGroup(tx: Queryable, orgId: OrgId, group: NewScimGroup): Promise<ScimGroupRow | undefined> {
  const { rows } = await tx.query<ScimGroupRow>(
    `INSERT INTO directory_groups AS g (org_id, source, name, external_id) VALUES ($1, 'scim', $2, $3)
     ON CONFLICT (org_id, lower(name)) WHERE source = 'scim' DO NOTHING
     RETURNING ${GROUP_COLUMNS}`,
    [orgId, group.displayName, group.externalId ?? null],
  );
  return rows[0];
}

export async function findScimGroup(q: Queryable, orgId: OrgId, id: string, options: { lock?: boolean } = {}): Promise<ScimGroupRow | undefined> {
  if (!isResourceId(id)) return undefined;
  const { rows } = await q.query<ScimGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM directory_groups g WHERE g.org_id = $1 AND g.id = $2 AND g.source = 'scim'${options.lock ? ' FOR UPDATE' : ''}`,
    [orgId, id],
  );
  return rows[0];
}

/** Whether a SCIM group of the organization (other than exceptId) has this displayName (compared without case). */
export async function groupNameTaken(q: Queryable, orgId: OrgId, displayName: string, exceptId?: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM directory_groups WHERE org_id = $1 AND source = 'scim' AND lower(name) = lower($2) AND id IS DISTINCT FROM $3::uuid`, [
    orgId,
    displayName,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

export async function updateScimGroup(tx: Queryable, orgId: OrgId, id: string, group: NewScimGroup): Promise<ScimGroupRow> {
  const { rows } = await tx.query<ScimGroupRow>(
    `UPDATE directory_groups AS g SET name = $3, external_id = $4, updated_at = now()
      WHERE g.org_id = $1 AND g.id = $2 AND g.source = 'scim'
      RETURNING ${GROUP_COLUMNS}`,
    [orgId, id, group.displayName, group.externalId ?? null],
  );
  return rows[0]!;
}

/** Deletes the group; its SCIM and person memberships go with it (ON DELETE CASCADE). */
export async function deleteScimGroup(tx: Queryable, orgId: OrgId, id: string): Promise<void> {
  await tx.query(`DELETE FROM directory_groups WHERE org_id = $1 AND id = $2 AND source = 'scim'`, [orgId, id]);
}

/** The members of each of these groups, with their displayName (else userName) as display. */
export async function membersOfGroups(q: Queryable, orgId: OrgId, groupIds: readonly string[]): Promise<Map<string, MemberView[]>> {
  const members = new Map<string, MemberView[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return members;
  const { rows } = await q.query<{ group_id: string; id: string; display: string }>(
    `SELECT m.group_id, u.id, COALESCE(u.resource->>'displayName', u.user_name) AS display
       FROM scim_group_members m JOIN scim_users u ON u.id = m.scim_user_id AND u.org_id = m.org_id
      WHERE m.org_id = $1 AND m.group_id = ANY($2::uuid[])
      ORDER BY m.created_at, u.id`,
    [orgId, groupIds],
  );
  for (const row of rows) members.get(row.group_id)!.push({ value: row.id, display: row.display });
  return members;
}

/** Which of these ids are users of the organization. */
export async function existingScimUsers(q: Queryable, orgId: OrgId, ids: readonly string[]): Promise<Set<string>> {
  const candidates = ids.filter(isResourceId);
  if (candidates.length === 0) return new Set();
  const { rows } = await q.query<{ id: string }>('SELECT id FROM scim_users WHERE org_id = $1 AND id = ANY($2::uuid[])', [orgId, candidates]);
  return new Set(rows.map((row) => row.id));
}

/** Makes the group hold exactly these users; answers who joined and who left. */
export async function setGroupMembers(tx: Queryable, orgId: OrgId, groupId: string, userIds: readonly string[]): Promise<{ added: string[]; removed: string[] }> {
  const removed = await tx.query<{ scim_user_id: string }>(
    'DELETE FROM scim_group_members WHERE org_id = $1 AND group_id = $2 AND NOT (scim_user_id = ANY($3::uuid[])) RETURNING scim_user_id',
    [orgId, groupId, userIds],
  );
  const added = await tx.query<{ scim_user_id: string }>(
    `INSERT INTO scim_group_members (org_id, group_id, scim_user_id) SELECT $1, $2, id FROM unnest($3::uuid[]) AS t (id)
     ON CONFLICT (group_id, scim_user_id) DO NOTHING RETURNING scim_user_id`,
    [orgId, groupId, userIds],
  );
  return { added: added.rows.map((row) => row.scim_user_id).sort(), removed: removed.rows.map((row) => row.scim_user_id).sort() };
}

/** The groups a user is in. */
export async function groupIdsOfUser(q: Queryable, orgId: OrgId, scimUserId: string): Promise<string[]> {
  const { rows } = await q.query<{ group_id: string }>('SELECT group_id FROM scim_group_members WHERE org_id = $1 AND scim_user_id = $2', [orgId, scimUserId]);
  return rows.map((row) => row.group_id);
}

/**
 * Keeps directory_group_members (the persons a group confers a mapped role to) equal
 * to the persons the group's SCIM users stand for. Answers the persons who joined or left.
 */
export async function alignGroupPersons(tx: Queryable, orgId: OrgId, groupId: string): Promise<string[]> {
  const left = await tx.query<{ user_id: string }>(
    `DELETE FROM directory_group_members d
      WHERE d.org_id = $1 AND d.group_id = $2
        AND NOT EXISTS (SELECT 1 FROM scim_group_members m JOIN scim_users u ON u.id = m.scim_user_id AND u.org_id = m.org_id
                         WHERE m.org_id = $1 AND m.group_id = $2 AND u.user_id = d.user_id)
      RETURNING d.user_id`,
    [orgId, groupId],
  );
  const joined = await tx.query<{ user_id: string }>(
    `INSERT INTO directory_group_members (org_id, group_id, user_id)
     SELECT DISTINCT $1::uuid, $2::uuid, u.user_id FROM scim_group_members m JOIN scim_users u ON u.id = m.scim_user_id AND u.org_id = m.org_id
      WHERE m.org_id = $1 AND m.group_id = $2 AND u.user_id IS NOT NULL
     ON CONFLICT (group_id, user_id) DO NOTHING
     RETURNING user_id`,
    [orgId, groupId],
  );
  return [...new Set([...left.rows, ...joined.rows].map((row) => row.user_id))];
}
