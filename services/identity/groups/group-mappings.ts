// The directory groups of an organization as administrators see and map them
// (GET /api/v1/identity/groups, PATCH .../{id}). A mapping takes effect at once: the
// PATCH's transaction brings every directory- or just-in-time-sourced member of the
// group to the role their groups now confer, and later SSO sign-ins and SCIM pushes
// apply it to whoever joins.
import type { components } from '../../../api/openapi.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage, type PageEnvelope } from '../../platform/pagination/page.js';
import type { UserPrincipal } from '../../platform/principal.js';
import { alignToMappings, type MappableRole } from './directory-groups.js';

/** A directory group as the API shows it: the document's DirectoryGroup. */
type DirectoryGroup = components['schemas']['DirectoryGroup'];

interface GroupRow {
  id: string;
  source: 'sso' | 'scim';
  name: string;
  external_id: string | null;
  sso_provider_id: string | null;
  role: MappableRole | null;
  member_count: number;
  mapped_at: Date | null;
  created_at: Date;
}

const groupColumns = `id, source, name, external_id, sso_provider_id, role, mapped_at, created_at,
  (SELECT count(*)::int FROM directory_group_members m WHERE m.org_id = directory_groups.org_id AND m.group_id = directory_groups.id) AS member_count`;

const toView = (row: GroupRow): DirectoryGroup => ({
  id: row.id,
  source: row.source,
  name: row.name,
  external_id: row.external_id,
  sso_provider_id: row.sso_provider_id,
  role: row.role,
  member_count: row.member_count,
  mapped_at: isoOrNull(row.mapped_at),
  created_at: row.created_at.toISOString(),
});

export interface GroupListQuery {
  limit?: unknown;
  cursor?: unknown;
  source?: 'sso' | 'scim';
  sso_provider_id?: string;
}

/** Newest first by listing, cursor-paginated; filters by source and SSO provider. */
export async function listGroups(q: Queryable, codec: CursorCodec, orgId: OrgId, query: GroupListQuery): Promise<PageEnvelope<DirectoryGroup>> {
  const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
  const conditions = ['org_id = $1'];
  const params: unknown[] = [orgId];
  if (query.source !== undefined) {
    params.push(query.source);
    conditions.push(`source = $${params.length}`);
  }
  if (query.sso_provider_id !== undefined) {
    params.push(query.sso_provider_id);
    conditions.push(`sso_provider_id = $${params.length}`);
  }
  return readTablePage<GroupRow & KeysetRow, DirectoryGroup>({
    q,
    codec,
    orgId,
    listing: 'directory_groups',
    filters: { source: query.source, sso_provider_id: query.sso_provider_id },
    request,
    order: newestFirst,
    from: 'directory_groups',
    columns: groupColumns,
    where: conditions.join(' AND '),
    params,
    toItem: toView,
  });
}

async function selectGroup(q: Queryable, orgId: OrgId, groupId: string, lock: '' | 'FOR UPDATE'): Promise<GroupRow> {
  const { rows } = await q.query<GroupRow>(`SELECT ${groupColumns} FROM directory_groups WHERE org_id = $1 AND id = $2 ${lock}`, [orgId, groupId]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

export const getGroup = async (q: Queryable, orgId: OrgId, groupId: string): Promise<DirectoryGroup> => toView(await selectGroup(q, orgId, groupId, ''));

/**
 * Maps the group to a role, or unmaps it (null). In the same transaction every member
 * of the group whose membership the directory or a just-in-time sign-in brought is
 * brought to the highest role their groups now confer (owners, manual and invitation
 * memberships are left alone; a person whose groups confer nothing keeps their role).
 * Audited as directory_group.mapped or directory_group.unmapped with the role changes
 * it made, each of which is also its own member.role_changed. Mapping to the role it
 * has changes nothing and records nothing.
 */
export async function mapGroup(db: Database, caller: { principal: UserPrincipal; origin: RequestOrigin }, groupId: string, role: MappableRole | null): Promise<DirectoryGroup> {
  const { principal, origin } = caller;
  const orgId = principal.orgId;
  return db.transaction(async (tx) => {
    // The lock makes a sign-in or push applying this group's mapping wait for this one, or this one wait for it (mappedRoleOf).
    const group = await selectGroup(tx, orgId, groupId, 'FOR UPDATE');
    if (group.role === role) return toView(group);
    await tx.query(
      `UPDATE directory_groups SET role = $3, mapped_by_user_id = $4, mapped_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END, updated_at = now()
        WHERE org_id = $1 AND id = $2`,
      [orgId, groupId, role, role === null ? null : principal.userId],
    );
    const members = await tx.query<{ user_id: string }>('SELECT user_id FROM directory_group_members WHERE org_id = $1 AND group_id = $2 ORDER BY user_id', [orgId, groupId]);
    const roleChanges: { user_id: string; from: string; to: string }[] = [];
    // In user order, so two mappings sharing members lock their memberships in the same order.
    for (const { user_id } of members.rows) {
      const change = await alignToMappings(tx, orgId, user_id, actorOf(principal), origin);
      if (change && change.from !== change.to) roleChanges.push({ user_id, ...change });
    }
    await recordIdentityEvent(tx, orgId, origin, {
      actor: actorOf(principal),
      action: role === null ? 'directory_group.unmapped' : 'directory_group.mapped',
      detail: { group_id: groupId, name: group.name, source: group.source, from: group.role, to: role, role_changes: roleChanges },
    });
    return toView(await selectGroup(tx, orgId, groupId, ''));
  });
}
