// SCIM Groups (RFC 7644 section 3): directory_groups rows of source scim whose
// members are the directory's users. A group confers nothing until an administrator
// maps it to a role (identity/groups); after every change of who a group holds, the
// persons who joined or left get the role their groups map to now. Each change is one
// transaction with its audit record, the directory token as actor.
import type { components } from '../../../api/openapi.js';
import { recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import type { ScimPatchOperation } from 'scim-patch';
import { applyMappedRoles, lockDirectory, type DirectoryCaller } from './access.js';
import { applyPatch } from './patch.js';
import { readResource, type JsonObject, type ReadResource } from './resource-input.js';
import { renderGroup, type RenderedResource } from './resource-output.js';
import { scimBadRequest, scimUniqueness } from './scim-errors.js';
import {
  alignGroupPersons, deleteScimGroup, existingScimUsers, findScimGroup, groupNameTaken, insertScimGroup, membersOfGroups, setGroupMembers, updateScimGroup, type ScimGroupRow,
} from './scim-store.js';
import { GROUP_SCHEMA } from './schemas.js';

/** The body of POST and PUT /Groups as the document declares it; readResource checks the rest (RFC 7643's attribute rules). */
type GroupRequest = components['schemas']['ScimGroupRequest'];

interface GroupState {
  displayName: string;
  externalId: string | undefined;
  memberIds: string[];
}

/** The group a body describes; members must be users of this directory (there are no nested groups). */
function groupStateOf(read: ReadResource): GroupState {
  const members = (read.attributes.members ?? []) as JsonObject[];
  const memberIds = members.map((member, index) => {
    if (typeof member.type === 'string' && member.type.toLowerCase() !== 'user') throw scimBadRequest('invalidValue', `members[${index}]: only Users can be members (groups do not nest)`);
    if (typeof member.value !== 'string') throw scimBadRequest('invalidValue', `members[${index}] needs a value: the id of a User`);
    return member.value;
  });
  return { displayName: read.attributes.displayName as string, externalId: read.externalId, memberIds: [...new Set(memberIds)] };
}

const refuseTaken = (displayName: string) => scimUniqueness(`a group named ${displayName} already exists in this directory`);

export async function createGroup(db: Database, caller: DirectoryCaller, body: GroupRequest): Promise<RenderedResource> {
  const state = groupStateOf(readResource('Group', body, { requireSchemas: true }));
  return db.transaction(async (tx) => {
    await lockDirectory(tx, caller);
    if (await groupNameTaken(tx, caller.orgId, state.displayName)) throw refuseTaken(state.displayName);
    await requireUsers(tx, caller, state.memberIds);
    const row = await insertScimGroup(tx, caller.orgId, { displayName: state.displayName, externalId: state.externalId });
    if (!row) throw refuseTaken(state.displayName);
    const { added } = await setGroupMembers(tx, caller.orgId, row.id, state.memberIds);
    await applyMappedRoles(tx, caller, await alignGroupPersons(tx, caller.orgId, row.id));
    await recordIdentityEvent(tx, caller.orgId, caller.origin, {
      actor: caller.actor,
      action: 'scim_group.created',
      detail: { scim_group_id: row.id, display_name: row.name, external_id: row.external_id, members_added: added },
    });
    return render(tx, caller, row);
  });
}

export async function replaceGroup(db: Database, caller: DirectoryCaller, id: string, body: GroupRequest): Promise<RenderedResource> {
  const state = groupStateOf(readResource('Group', body, { requireSchemas: true }));
  return db.transaction(async (tx) => changeGroup(tx, caller, await lockedGroup(tx, caller, id), state));
}

export async function patchGroup(db: Database, caller: DirectoryCaller, id: string, operations: ScimPatchOperation[]): Promise<RenderedResource> {
  return db.transaction(async (tx) => {
    const row = await lockedGroup(tx, caller, id);
    const members = (await membersOfGroups(tx, caller.orgId, [row.id])).get(row.id)!;
    const patchable: JsonObject = {
      schemas: [GROUP_SCHEMA],
      displayName: row.name,
      ...(row.external_id === null ? {} : { externalId: row.external_id }),
      // Always a list, so removing a member of an empty group finds nothing to remove rather than no attribute.
      members: members.map((member) => ({ value: member.value })),
    };
    return changeGroup(tx, caller, row, groupStateOf(readResource('Group', applyPatch(patchable, operations), { requireSchemas: false })));
  });
}

/** The group goes with its memberships; the persons it held get the role their other groups map to. */
export async function deleteGroup(db: Database, caller: DirectoryCaller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedGroup(tx, caller, id);
    const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM directory_group_members WHERE org_id = $1 AND group_id = $2', [caller.orgId, row.id]);
    await deleteScimGroup(tx, caller.orgId, row.id);
    await applyMappedRoles(tx, caller, rows.map((person) => person.user_id));
    await recordIdentityEvent(tx, caller.orgId, caller.origin, { actor: caller.actor, action: 'scim_group.deleted', detail: { scim_group_id: row.id, display_name: row.name } });
  });
}

async function lockedGroup(tx: Queryable, caller: DirectoryCaller, id: string): Promise<ScimGroupRow> {
  await lockDirectory(tx, caller);
  const row = await findScimGroup(tx, caller.orgId, id, { lock: true });
  if (!row) throw notFound();
  return row;
}

async function requireUsers(tx: Queryable, caller: DirectoryCaller, memberIds: readonly string[]): Promise<void> {
  const existing = await existingScimUsers(tx, caller.orgId, memberIds);
  const unknown = memberIds.filter((memberId) => !existing.has(memberId));
  if (unknown.length > 0) throw scimBadRequest('invalidValue', `members name no User of this directory: ${unknown.join(', ')}`);
}

async function changeGroup(tx: Queryable, caller: DirectoryCaller, row: ScimGroupRow, state: GroupState): Promise<RenderedResource> {
  const { orgId } = caller;
  if (state.displayName.toLowerCase() !== row.name.toLowerCase() && (await groupNameTaken(tx, orgId, state.displayName, row.id))) throw refuseTaken(state.displayName);
  await requireUsers(tx, caller, state.memberIds);
  const updated = await updateScimGroup(tx, orgId, row.id, { displayName: state.displayName, externalId: state.externalId });
  const { added, removed } = await setGroupMembers(tx, orgId, row.id, state.memberIds);
  await applyMappedRoles(tx, caller, await alignGroupPersons(tx, orgId, row.id));
  await recordIdentityEvent(tx, orgId, caller.origin, {
    actor: caller.actor,
    action: 'scim_group.updated',
    detail: { scim_group_id: row.id, display_name: updated.name, external_id: updated.external_id, members_added: added, members_removed: removed },
  });
  return render(tx, caller, updated);
}

async function render(tx: Queryable, caller: DirectoryCaller, row: ScimGroupRow): Promise<RenderedResource> {
  return renderGroup(row, (await membersOfGroups(tx, caller.orgId, [row.id])).get(row.id)!);
}
