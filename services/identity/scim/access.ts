// What a SCIM user means for access (spec 2.9, 3.2, 5.9): the person it stands for
// and that person's membership. A user carrying an email address stands for the live
// account of that address; while active, that person is a member of the organization
// (arrival directory), admitted within the plan's seats; deactivating or deleting the
// user ends the membership at once and is never refused for seats.
import { findLiveAccountByEmail, createAccount, retireUnverifiedAccount } from '../accounts/index.js';
import { domainOfAddress, isVerifiedDomainOf } from '../domains/index.js';
import { applyMappedRole } from '../groups/index.js';
import { addMembership, findMember, isDeletionScheduled, lockSeats, removeMemberForDirectory, seatFree } from '../../organizations/index.js';
import { recordIdentityEvent, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import type { Role } from '../../platform/authorization/permissions.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { conflict } from '../../platform/errors.js';
import { eventActorOfRecorded, type RecordedActor } from '../../platform/principal.js';
import type { JsonObject } from './resource-input.js';
import { scimBadRequest, scimUniqueness, seatsExhausted } from './scim-errors.js';
import { personHasOtherActiveUser } from './scim-store.js';

/** Who acts for the directory: its token, in the token's organization, with the request's origin. */
export interface DirectoryCaller {
  orgId: OrgId;
  actor: RecordedActor;
  origin: RequestOrigin;
}

/**
 * The role of a person the directory admits, until a mapped group confers another:
 * the least one, as for just-in-time provisioning, so a directory push alone never
 * gives more than reading.
 */
const DIRECTORY_DEFAULT_ROLE: Role = 'viewer';

// Enough to tell an address from a login name or an id; the mailbox itself is the directory's word.
const ADDRESS = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
const isAddress = (value: unknown): value is string => typeof value === 'string' && value.length <= 254 && ADDRESS.test(value.trim());

/**
 * The address naming the person a user stands for: the primary email, else the first
 * email that is an address, else the userName when it is one. Undefined when the user
 * carries none: it then stands for nobody.
 */
export function addressOf(attributes: JsonObject, userName: string): string | undefined {
  const emails = Array.isArray(attributes.emails) ? (attributes.emails as JsonObject[]) : [];
  const ordered = [...emails.filter((email) => email.primary === true), ...emails.filter((email) => email.primary !== true)];
  const email = ordered.map((entry) => entry.value).find(isAddress);
  if (email !== undefined) return email.trim().toLowerCase();
  return isAddress(userName) ? userName.trim().toLowerCase() : undefined;
}

/** The name a new account gets: displayName, else the formatted or given and family names, else the userName. */
export function personNameOf(attributes: JsonObject, userName: string): string {
  const name = (attributes.name ?? {}) as JsonObject;
  const parts = [name.givenName, name.familyName].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const candidates = [attributes.displayName, name.formatted, parts.join(' '), userName];
  const chosen = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '')!;
  return chosen.trim().slice(0, 200);
}

/**
 * Refuses an address the organization may not claim: one outside its own verified
 * domains (400 invalidValue, the same answer whoever else holds the domain, if anyone).
 * A directory speaks for the addresses its organization has shown it controls, as an
 * identity provider does for sign-ins; any other address would let it enrol a person of
 * another organization, or anyone at all, without their consent.
 */
export async function assertClaimable(tx: Queryable, caller: DirectoryCaller, address: string): Promise<void> {
  if (await isVerifiedDomainOf(tx, caller.orgId, address)) return;
  throw scimBadRequest('invalidValue', `${address} is outside this organization's verified domains: verify ${domainOfAddress(address) ?? 'its domain'} before provisioning its addresses`);
}

/**
 * The person the address names (a claimable one: assertClaimable). First the retirement of spec 3.2: an account
 * registered with a password for an address in this organization's verified domain,
 * never verified and never admitted, is retired, and the person gets a fresh account.
 * A live account is then the person, except one registered with a password whose
 * owner never verified the address and who is not already a member here: whoever
 * registered it has shown no control of the mailbox, so the directory's word for the
 * address cannot admit them (409; verifying the domain retires such an account, and
 * the person can verify the address). Without an account, one is created, without a
 * password (the person signs in through their identity provider).
 */
export async function personFor(tx: Queryable, caller: DirectoryCaller, address: string, name: string): Promise<string> {
  await retireUnverifiedAccount(tx, address, { orgId: caller.orgId, trigger: 'scim', origin: caller.origin });
  const live = await findLiveAccountByEmail(tx, address);
  if (live) {
    if (live.hasPassword && !live.emailVerified && !(await findMember(tx, caller.orgId, live.id))) {
      throw scimUniqueness(`${address} belongs to an account whose owner has not verified the address: verify the domain, or ask the person to verify their address`);
    }
    return live.id;
  }
  const created = await createAccount(tx, { email: address, name, emailVerified: false, source: 'scim', origin: caller.origin });
  if (created !== undefined) return created;
  // Another transaction created it first (the address is unique among live accounts).
  const raced = await findLiveAccountByEmail(tx, address);
  if (!raced) throw conflict('the address changed while the user was being provisioned; retry');
  return raced.id;
}

/**
 * Queues the transaction behind the organization's other membership changes (its seat
 * lock, the organization's row). Every SCIM write takes it first: a write that admits
 * or removes someone needs it anyway, and taken after the write's own inserts (whose
 * foreign keys share-lock the same row) two concurrent writes would each wait for the
 * other. Directory writes of one organization therefore run one at a time.
 */
export async function lockDirectory(tx: Queryable, caller: DirectoryCaller): Promise<void> {
  await lockSeats(tx, caller.orgId);
}

/**
 * Admits the person as a member (arrival directory) within the plan's seats, under
 * the organization's seat lock, then applies the role their groups map to. A person
 * who is already a member keeps their membership, role and arrival. Refused with 402
 * past the seats (the caller's transaction then writes nothing), and with 409 while the
 * organization is scheduled for deletion.
 */
export async function admit(tx: Queryable, caller: DirectoryCaller, personId: string): Promise<void> {
  const { orgId } = caller;
  const seats = await lockSeats(tx, orgId);
  if (await findMember(tx, orgId, personId)) return;
  if (await isDeletionScheduled(tx, orgId)) throw conflict('organization is scheduled for deletion');
  if (!seatFree(seats)) throw seatsExhausted(seats);
  await addMembership(tx, orgId, { userId: personId, role: DIRECTORY_DEFAULT_ROLE, arrival: 'directory', actor: eventActorOfRecorded(caller.actor) });
  await recordIdentityEvent(tx, orgId, caller.origin, {
    actor: caller.actor,
    action: 'member.added',
    detail: { user_id: personId, role: DIRECTORY_DEFAULT_ROLE, arrival: 'directory' },
  });
  await applyMappedRole(tx, orgId, personId, caller.actor, caller.origin);
}

/**
 * Ends the person's membership, unless another active user of the directory stands
 * for them. Never refused for seats; the last owner stays (409).
 */
export async function release(tx: Queryable, caller: DirectoryCaller, personId: string, scimUserId: string): Promise<void> {
  if (await personHasOtherActiveUser(tx, caller.orgId, personId, scimUserId)) return;
  await removeMemberForDirectory(tx, caller.orgId, personId, { actor: caller.actor, origin: caller.origin });
}

/** Brings each person's role in line with the groups they are in now. */
export async function applyMappedRoles(tx: Queryable, caller: DirectoryCaller, personIds: Iterable<string>): Promise<void> {
  for (const personId of new Set(personIds)) await applyMappedRole(tx, caller.orgId, personId, caller.actor, caller.origin);
}
