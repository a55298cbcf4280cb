// Role changes, removals and leaving (spec 5.8): never above the caller's own role,
// owner only from an owner, and an organization always keeps an owner (one rule,
// keepOwner, for all three). Audited and announced as domain events in the same
// transaction as the change; a refused authorization is audited after its
// transaction has rolled back. Nothing here asks about seats: removing access is never refused.
import { appendToOutbox } from '../../streams/outbox.js';
import { actorOf, recordIdentityEvent, refuseAuthorization, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { authorizeRoleChange, isOwnerRole, type Role } from '../platform/authorization/permissions.js';
import { eventActorOf, eventActorOfRecorded, type Principal, type RecordedActor, type UserPrincipal } from '../platform/principal.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { AppError, conflict, notFound } from '../platform/errors.js';
import { countOwners, deleteMembership, findMember, lockMemberships, membershipIn, updateRole, type Member } from './memberships.js';
import { actingForTenant } from '../platform/tenancy.js';

interface MembershipChange {
  /** The operation asking for the change, named in the audit record of a refusal. */
  operationId: string;
  principal: Principal;
  origin: RequestOrigin;
  targetUserId: string;
}

export async function changeMemberRole(db: Database, change: MembershipChange & { role: Role }): Promise<Member> {
  const { principal, origin, targetUserId, role } = change;
  const orgId = principal.orgId;
  return inTransactionAuditingRefusal(db, change, async (tx) => {
    const target = await lockedTarget(tx, orgId, targetUserId);
    // Authorized before anything else, so asking for the role someone already has is no way around the rules.
    authorizeRoleChange(principal, target.member.role, role);
    if (target.member.role === role) return target.member;
    await keepOwner(tx, orgId, target, { role, refusal: 'the last owner cannot be demoted' });
    await updateRole(tx, orgId, targetUserId, role);
    const detail = { user_id: targetUserId, from: target.member.role, to: role };
    await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'member.role_changed', detail });
    await appendToOutbox(tx, orgId, { type: 'member.role_changed', subjectId: targetUserId, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
    return { ...target.member, role };
  });
}

export async function removeMember(db: Database, change: MembershipChange): Promise<void> {
  const { principal, origin, targetUserId } = change;
  const orgId = principal.orgId;
  await inTransactionAuditingRefusal(db, change, async (tx) => {
    const target = await lockedTarget(tx, orgId, targetUserId);
    authorizeRoleChange(principal, target.member.role, undefined);
    await keepOwner(tx, orgId, target, { role: undefined, refusal: 'the last owner cannot be removed' });
    await deleteMembership(tx, orgId, targetUserId);
    const detail = { user_id: targetUserId, role: target.member.role };
    await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'member.removed', detail });
    await appendToOutbox(tx, orgId, { type: 'member.removed', subjectId: targetUserId, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
  });
}

/**
 * The person leaves an organization they belong to (named by its id, so a request
 * cannot leave one by accident). Needs no permission: anyone may give up their own
 * access, except the last owner and a person their personal organization.
 * Not a member (or no such organization): 404.
 */
export async function leaveOrganization(db: Database, leaving: { principal: UserPrincipal; origin: RequestOrigin; orgId: string }): Promise<void> {
  const { principal, origin } = leaving;
  await db.transaction(async (tx) => {
    const membership = await membershipIn(tx, principal.userId, leaving.orgId);
    if (!membership) throw notFound();
    const orgId = membership.orgId;
    // The organization left may be another than the one the person acts in.
    await actingForTenant(orgId, async () => {
      const target = await lockedTarget(tx, orgId, principal.userId);
      await keepOwner(tx, orgId, target, { role: undefined, refusal: 'the last owner cannot leave' });
      await deleteMembership(tx, orgId, principal.userId);
      const detail = { user_id: principal.userId, role: target.member.role };
      await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'member.left', detail });
      await appendToOutbox(tx, orgId, { type: 'member.left', subjectId: principal.userId, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
    });
  });
}

/**
 * The organization's directory (SCIM) ends a person's membership: the directory
 * deactivated or deleted the user standing for them. No permission is asked (an
 * owner issued the directory's token, and the directory manages the people it
 * provisions), but the ownership rule holds: the last owner, and a personal
 * organization's person, stay (409). Audited and announced as member.removed, via
 * directory. Call it in the transaction of the directory's change; answers false
 * when the person was not a member.
 */
export async function removeMemberForDirectory(
  tx: Queryable,
  orgId: OrgId,
  userId: string,
  by: { actor: RecordedActor; origin: RequestOrigin },
): Promise<boolean> {
  const { personalForUserId } = await lockMemberships(tx, orgId);
  const member = await findMember(tx, orgId, userId);
  if (!member) return false;
  await keepOwner(tx, orgId, { member, isPersonalOwner: personalForUserId === userId }, { role: undefined, refusal: 'the last owner cannot be removed by the directory' });
  await deleteMembership(tx, orgId, userId);
  const detail = { user_id: userId, role: member.role, via: 'directory' };
  await recordIdentityEvent(tx, orgId, by.origin, { actor: by.actor, action: 'member.removed', detail });
  await appendToOutbox(tx, orgId, { type: 'member.removed', subjectId: userId, actor: eventActorOfRecorded(by.actor), correlationId: by.origin.requestId, payload: detail });
  return true;
}

/**
 * The one ownership rule of every membership change: a personal organization keeps
 * its person as owner, and an organization keeps at least one owner. `role` is the
 * member's role after the change (undefined: they are gone); call it under the lock
 * lockedTarget took.
 */
async function keepOwner(tx: Queryable, orgId: OrgId, target: LockedTarget, change: { role: Role | undefined; refusal: string }): Promise<void> {
  if (target.isPersonalOwner) throw conflict('a personal organization always keeps its person as owner');
  const staysOwner = change.role !== undefined && isOwnerRole(change.role);
  if (isOwnerRole(target.member.role) && !staysOwner && (await countOwners(tx, orgId)) === 1) throw conflict(change.refusal);
}

/**
 * Runs the change in one transaction. A refused authorization (the only 403 a change
 * throws) rolls it back, so nothing changes (spec 1.1 rule 6), and is audited after.
 */
async function inTransactionAuditingRefusal<T>(db: Database, change: MembershipChange, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') return refuseAuthorization(db, change.principal, change.origin, change.operationId, error);
    throw error;
  }
}

interface LockedTarget {
  member: Member;
  isPersonalOwner: boolean;
}

async function lockedTarget(tx: Queryable, orgId: OrgId, userId: string): Promise<LockedTarget> {
  const { personalForUserId } = await lockMemberships(tx, orgId);
  const member = await findMember(tx, orgId, userId);
  if (!member) throw notFound();
  return { member, isPersonalOwner: personalForUserId === userId };
}
