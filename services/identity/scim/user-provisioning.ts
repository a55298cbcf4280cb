// SCIM Users (RFC 7644 section 3): create, replace, patch and delete, each one
// transaction with its access change (access.ts) and its audit records, written with
// the directory token as actor. A refusal writes nothing.
import { isDeepStrictEqual } from 'node:util';
import type { components } from '../../../api/openapi.js';
import { recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import type { ScimPatchOperation } from 'scim-patch';
import { addressOf, admit, applyMappedRoles, assertClaimable, lockDirectory, personFor, personNameOf, release, type DirectoryCaller } from './access.js';
import { applyPatch } from './patch.js';
import { readResource, type JsonObject, type ReadResource } from './resource-input.js';
import { renderUser, type RenderedResource } from './resource-output.js';
import { scimUniqueness } from './scim-errors.js';
import {
  alignGroupPersons, deleteScimUser, findScimUser, groupIdsOfUser, groupsOfUsers, insertScimUser, updateScimUser, userNameTaken, type ScimUserRow,
} from './scim-store.js';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from './schemas.js';

/** The body of POST and PUT /Users as the document declares it; readResource checks the rest (RFC 7643's attribute rules). */
type UserRequest = components['schemas']['ScimUserRequest'];

/** A user as the service keeps it: userName, externalId and active in columns, every other attribute in the stored resource. */
interface UserState {
  userName: string;
  externalId: string | undefined;
  /** Undefined when the request leaves it unassigned. */
  active: boolean | undefined;
  attributes: JsonObject;
}

function userStateOf(read: ReadResource): UserState {
  const { userName, active, ...attributes } = read.attributes;
  return { userName: userName as string, externalId: read.externalId, active: active as boolean | undefined, attributes };
}

const refuseTaken = (userName: string) => scimUniqueness(`userName ${userName} is already taken in this directory`);

/** POST /Users: a new user; active unless it says otherwise. */
export async function createUser(db: Database, caller: DirectoryCaller, body: UserRequest): Promise<RenderedResource> {
  const state = userStateOf(readResource('User', body, { requireSchemas: true }));
  const active = state.active ?? true;
  return db.transaction(async (tx) => {
    await lockDirectory(tx, caller);
    // Checked first, so a taken userName creates no account; the insert below settles a race.
    if (await userNameTaken(tx, caller.orgId, state.userName)) throw refuseTaken(state.userName);
    const address = addressOf(state.attributes, state.userName);
    if (address !== undefined) await assertClaimable(tx, caller, address);
    const personId = address === undefined ? undefined : await personFor(tx, caller, address, personNameOf(state.attributes, state.userName));
    const row = await insertScimUser(tx, caller.orgId, { userName: state.userName, externalId: state.externalId, active, userId: personId, resource: state.attributes });
    if (!row) throw refuseTaken(state.userName);
    // A user staged inactive holds no seat (spec 5.9): only an active one admits its person.
    if (active && personId !== undefined) await admit(tx, caller, personId);
    await recordIdentityEvent(tx, caller.orgId, caller.origin, {
      actor: caller.actor,
      action: 'scim_user.created',
      detail: { scim_user_id: row.id, user_name: row.user_name, external_id: row.external_id, active, user_id: personId ?? null },
    });
    return renderUser(row, []);
  });
}

/** PUT /Users/{id}: replaces every attribute the client may write; an absent active keeps the user's standing. */
export async function replaceUser(db: Database, caller: DirectoryCaller, id: string, body: UserRequest): Promise<RenderedResource> {
  const state = userStateOf(readResource('User', body, { requireSchemas: true }));
  return db.transaction(async (tx) => changeUser(tx, caller, await lockedUser(tx, caller, id), state));
}

/** PATCH /Users/{id}: the operations over the user as kept, read again like any body. */
export async function patchUser(db: Database, caller: DirectoryCaller, id: string, operations: ScimPatchOperation[]): Promise<RenderedResource> {
  return db.transaction(async (tx) => {
    const row = await lockedUser(tx, caller, id);
    const patched = applyPatch(patchableUser(row), operations);
    return changeUser(tx, caller, row, userStateOf(readResource('User', patched, { requireSchemas: false })));
  });
}

/** DELETE /Users/{id}: the user goes, with its group memberships; its person's access ends unless another active user stands for them. */
export async function deleteUser(db: Database, caller: DirectoryCaller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedUser(tx, caller, id);
    const groupIds = await groupIdsOfUser(tx, caller.orgId, row.id);
    await deleteScimUser(tx, caller.orgId, row.id);
    const regrouped: string[] = [];
    for (const groupId of groupIds) regrouped.push(...(await alignGroupPersons(tx, caller.orgId, groupId)));
    if (row.active && row.user_id !== null) await release(tx, caller, row.user_id, row.id);
    await applyMappedRoles(tx, caller, regrouped);
    await recordIdentityEvent(tx, caller.orgId, caller.origin, {
      actor: caller.actor,
      action: 'scim_user.deleted',
      detail: { scim_user_id: row.id, user_name: row.user_name, user_id: row.user_id },
    });
  });
}

async function lockedUser(tx: Queryable, caller: DirectoryCaller, id: string): Promise<ScimUserRow> {
  await lockDirectory(tx, caller);
  const row = await findScimUser(tx, caller.orgId, id, { lock: true });
  if (!row) throw notFound();
  return row;
}

/** The user as PATCH operations see it: what the client wrote, with the service's own attributes left out. */
function patchableUser(row: ScimUserRow): JsonObject {
  return {
    schemas: row.resource[ENTERPRISE_USER_SCHEMA] === undefined ? [USER_SCHEMA] : [USER_SCHEMA, ENTERPRISE_USER_SCHEMA],
    userName: row.user_name,
    ...(row.external_id === null ? {} : { externalId: row.external_id }),
    active: row.active,
    ...row.resource,
  };
}

/**
 * Writes the user's new state and what follows from it: the person it stands for is
 * found the first time it carries an address (and keeps standing for that person,
 * whatever address it carries later: the directory does not move a person's account
 * to another address); a user becoming active admits its person (402 past the seats),
 * one becoming inactive releases them; each change of standing is audited.
 */
async function changeUser(tx: Queryable, caller: DirectoryCaller, row: ScimUserRow, state: UserState): Promise<RenderedResource> {
  const { orgId } = caller;
  if (state.userName.toLowerCase() !== row.user_name.toLowerCase() && (await userNameTaken(tx, orgId, state.userName, row.id))) throw refuseTaken(state.userName);
  const active = state.active ?? row.active;
  const address = addressOf(state.attributes, state.userName);
  // Checked when the request names another address than the user did: a push that leaves the
  // address alone (a deactivation above all) is never refused because a domain lapsed since.
  if (address !== undefined && address !== addressOf(row.resource, row.user_name)) await assertClaimable(tx, caller, address);
  let personId = row.user_id ?? undefined;
  const newlyLinked = personId === undefined && address !== undefined;
  // A request that changes nothing (a PATCH adding a value the user already holds) leaves the
  // user as it was: its version and lastModified stay (RFC 7644 section 3.14), nothing is recorded.
  const unchanged =
    state.userName === row.user_name && (state.externalId ?? null) === row.external_id && active === row.active && isDeepStrictEqual(state.attributes, row.resource);
  if (unchanged && !newlyLinked) return renderUser(row, (await groupsOfUsers(tx, orgId, [row.id])).get(row.id)!);
  if (newlyLinked) personId = await personFor(tx, caller, address, personNameOf(state.attributes, state.userName));

  const updated = await updateScimUser(tx, orgId, row.id, { userName: state.userName, externalId: state.externalId, active, userId: personId, resource: state.attributes });
  const wasAdmitted = row.active && row.user_id !== null;
  const isAdmitted = active && personId !== undefined;
  if (!wasAdmitted && isAdmitted) await admit(tx, caller, personId!);
  if (wasAdmitted && !isAdmitted) await release(tx, caller, row.user_id!, row.id);
  if (newlyLinked) {
    const regrouped: string[] = [];
    for (const groupId of await groupIdsOfUser(tx, orgId, row.id)) regrouped.push(...(await alignGroupPersons(tx, orgId, groupId)));
    await applyMappedRoles(tx, caller, regrouped);
  }

  const detail = { scim_user_id: row.id, user_name: updated.user_name, user_id: personId ?? null };
  await recordIdentityEvent(tx, orgId, caller.origin, { actor: caller.actor, action: 'scim_user.updated', detail: { ...detail, active } });
  if (row.active !== active) {
    await recordIdentityEvent(tx, orgId, caller.origin, { actor: caller.actor, action: active ? 'scim_user.reactivated' : 'scim_user.deactivated', detail });
  }
  const groups = await groupsOfUsers(tx, orgId, [row.id]);
  return renderUser(updated, groups.get(row.id)!);
}
