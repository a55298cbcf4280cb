// Directory groups (spec 2.9): listed once an SSO assertion or a SCIM push names
// them, conferring nothing until an administrator maps one to a role. SCIM groups
// are written by identity/scim; SSO groups are named here at each sign-in. Both
// sources count alike for the role a person's groups confer.
import { alignMappedRole } from '../../organizations/index.js';
import { recordIdentityEvent, recordSystemIdentityEvent, type AuditActor, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { replaceUnstorableText } from '../../platform/storable-text.js';
import { appendToOutbox, type NewDomainEvent } from '../../../streams/outbox.js';
import { eventActorOfRecorded } from '../../platform/principal.js';

/** The roles a group may be mapped to, highest first as in the role registry: never owner (spec 5.8). */
export const mappableRoles = ['admin', 'analyst', 'viewer'] as const;
export type MappableRole = (typeof mappableRoles)[number];

export interface DirectoryGroup {
  id: string;
  source: 'sso' | 'scim';
  name: string;
  role: MappableRole | null;
}

/** The longest group name a column holds (migration 081); a longer one names no group we can list. */
const GROUP_NAME_MAX = 256;

/**
 * Upserts the groups an SSO assertion of this provider names (listing new ones, mapped
 * to nothing) and returns them. Names are the identity provider's text: characters no
 * column can hold become U+FFFD, and empty or over-long names are left out, since no
 * group can be listed under them. A provider of another organization lists nothing. Each newly listed group is audited as
 * directory_group.listed (actor system: the service lists it, the assertion names it).
 */
export async function nameSsoGroups(tx: Queryable, orgId: OrgId, providerId: string, names: readonly string[]): Promise<DirectoryGroup[]> {
  const listable = [...new Set(names.map((name) => replaceUnstorableText(name).text))].filter((name) => name.length > 0 && name.length <= GROUP_NAME_MAX);
  if (listable.length === 0) return [];
  const inserted = await tx.query<{ id: string; name: string }>(
    `INSERT INTO directory_groups (org_id, source, sso_provider_id, name)
     SELECT $1, 'sso', $2, n.name FROM unnest($3::text[]) AS n (name)
      WHERE EXISTS (SELECT 1 FROM sso_providers p WHERE p.id = $2 AND p.org_id = $1)
     ON CONFLICT (org_id, sso_provider_id, name) WHERE source = 'sso' DO NOTHING
     RETURNING id, name`,
    [orgId, providerId, listable],
  );
  for (const group of inserted.rows) {
    await recordSystemIdentityEvent(tx, orgId, { action: 'directory_group.listed', detail: { group_id: group.id, name: group.name, source: 'sso', sso_provider_id: providerId } });
  }
  const { rows } = await tx.query<DirectoryGroup>(
    `SELECT id, source, name, role FROM directory_groups
      WHERE org_id = $1 AND source = 'sso' AND sso_provider_id = $2 AND name = ANY($3::text[])
      ORDER BY name`,
    [orgId, providerId, listable],
  );
  return rows;
}

/**
 * Replaces the person's memberships in this provider's SSO groups with exactly these
 * groups (ids of other providers' or SCIM groups are ignored: an assertion speaks only
 * for its own provider). A change is audited as directory_group_membership.replaced
 * with the groups joined and left.
 */
export async function replaceSsoGroupMembership(tx: Queryable, orgId: OrgId, providerId: string, userId: string, groupIds: readonly string[]): Promise<void> {
  const left = await tx.query<{ group_id: string }>(
    `DELETE FROM directory_group_members m
      USING directory_groups g
      WHERE m.org_id = $1 AND m.user_id = $3 AND g.id = m.group_id AND g.org_id = $1
        AND g.source = 'sso' AND g.sso_provider_id = $2 AND NOT (g.id = ANY($4::uuid[]))
      RETURNING m.group_id`,
    [orgId, providerId, userId, groupIds],
  );
  const joined = await tx.query<{ group_id: string }>(
    `INSERT INTO directory_group_members (org_id, group_id, user_id)
     SELECT $1, g.id, $3 FROM directory_groups g
      WHERE g.org_id = $1 AND g.source = 'sso' AND g.sso_provider_id = $2 AND g.id = ANY($4::uuid[])
     ON CONFLICT (group_id, user_id) DO NOTHING
     RETURNING group_id`,
    [orgId, providerId, userId, groupIds],
  );
  if (left.rows.length === 0 && joined.rows.length === 0) return;
  await recordSystemIdentityEvent(tx, orgId, {
    action: 'directory_group_membership.replaced',
    detail: {
      user_id: userId,
      sso_provider_id: providerId,
      joined_group_ids: joined.rows.map((r) => r.group_id).sort(),
      left_group_ids: left.rows.map((r) => r.group_id).sort(),
    },
  });
}

/**
 * The highest role mapped to any group (SSO or SCIM) the person is in; undefined when
 * none confers a role. Inside a transaction it share-locks the person's groups, mapped
 * or not: a mapping changing at the same time either waits for this transaction (and
 * then sees the memberships it wrote) or is waited for (and read as it committed), so
 * neither side applies a stale mapping.
 */
export async function mappedRoleOf(tx: Queryable, orgId: OrgId, userId: string): Promise<MappableRole | undefined> {
  const { rows } = await tx.query<{ role: MappableRole | null }>(
    `SELECT g.role FROM directory_group_members m
       JOIN directory_groups g ON g.id = m.group_id AND g.org_id = m.org_id
      WHERE m.org_id = $1 AND m.user_id = $2
      FOR SHARE OF g`,
    [orgId, userId],
  );
  return highestRole(rows.flatMap((r) => (r.role === null ? [] : [r.role])));
}

/** The highest of these roles (roles are listed highest first); undefined for none. */
export const highestRole = (held: readonly MappableRole[]): MappableRole | undefined => mappableRoles.find((role) => held.includes(role));

/** Who an automatic role change is recorded as: a request's actor with its origin, or the system. */
type MappingActor = AuditActor | 'system';

/**
 * Brings the role of a directory- or just-in-time-sourced membership in line with the
 * group mappings (never owner; an owner's membership and manually or invitation-arrived
 * memberships are left alone; no mapped role leaves the role as it is). Audits
 * member.role_changed (detail: via group mapping) and announces it when it changes.
 * Answers the role the person holds afterwards, undefined when they are not a member.
 */
export async function applyMappedRole(tx: Queryable, orgId: OrgId, userId: string, actor: MappingActor, origin: RequestOrigin | null): Promise<string | undefined> {
  return (await alignToMappings(tx, orgId, userId, actor, origin))?.to;
}

/** applyMappedRole, answering the role before and after; undefined when the person is not a member. */
export async function alignToMappings(tx: Queryable, orgId: OrgId, userId: string, actor: MappingActor, origin: RequestOrigin | null): Promise<{ from: string; to: string } | undefined> {
  const change = await alignMappedRole(tx, orgId, userId, await mappedRoleOf(tx, orgId, userId));
  if (change && change.from !== change.to) await recordMappedRoleChange(tx, orgId, { userId, ...change }, actor, origin);
  return change;
}

/** The audit record and domain event of a role a group mapping changed. */
async function recordMappedRoleChange(
  tx: Queryable,
  orgId: OrgId,
  change: { userId: string; from: string; to: string },
  actor: MappingActor,
  origin: RequestOrigin | null,
): Promise<void> {
  const detail = { user_id: change.userId, from: change.from, to: change.to, via: 'group_mapping' };
  // A person's or key's change needs where it came from; without a request behind it, it is the system's.
  if (actor === 'system' || origin === null) await recordSystemIdentityEvent(tx, orgId, { action: 'member.role_changed', detail });
  else await recordIdentityEvent(tx, orgId, origin, { actor, action: 'member.role_changed', detail });
  await appendToOutbox(tx, orgId, {
    type: 'member.role_changed',
    subjectId: change.userId,
    actor: eventActorOfMapping(actor, origin),
    correlationId: origin?.requestId ?? null,
    payload: detail,
  });
}

function eventActorOfMapping(actor: MappingActor, origin: RequestOrigin | null): NewDomainEvent['actor'] {
  if (actor === 'system' || actor === 'anonymous' || origin === null) return { kind: 'system', id: null };
  return eventActorOfRecorded(actor);
}
