// Invitations (spec 2.9, 5.8, 5.9): an administrator invites an address with a role
// no higher than their own and never owner; the token is shown once; a signed-in
// person whose address is the invited one redeems it, while the inviter can still
// confer that role and the organization is within its seats. Every step is audited
// in the organization's identity trail and announced in the outbox, in the
// transaction of the change; a refusal is audited after its transaction rolled back.
import { actorOf, recordIdentityEvent, refuseAuthorization, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { authorizeRoleChange, missingForRoleChange, permissionsOf, type Role } from '../../platform/authorization/permissions.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { eventActorOf, type UserPrincipal } from '../../platform/principal.js';
import { appendToOutbox } from '../../../streams/outbox.js';
import { actingForTenant, systemScope } from '../../platform/tenancy.js';
import {
  addMembership,
  findMember,
  findMemberByEmail,
  findOrganization,
  isDeletionScheduled,
  lockSeats,
  overSeatLimit,
  overSeatLimitRefusal,
  seatFree,
  seatLimitReached,
} from '../../organizations/index.js';
import { findByToken, hasIssuedInvitation, insertInvitation, lockInvitation, markRedeemed, markWithdrawn, type Invitation, type InvitationState, type InvitedRole, type PresentedInvitation } from './invitations.js';

export interface Caller {
  operationId: string;
  principal: UserPrincipal;
  origin: RequestOrigin;
}

/** The permission that lets a person invite at all; the role ceiling comes on top of it. */
const INVITING_PERMISSION = 'members:manage';

export async function issueInvitation(db: Database, caller: Caller, request: { email: string; role: InvitedRole }): Promise<Invitation & { token: string }> {
  const { principal, origin } = caller;
  const orgId = principal.orgId;
  const email = request.email.trim().toLowerCase();
  try {
    // The rule of role changes, from no role: nobody invites above their own role.
    authorizeRoleChange(principal, undefined, request.role);
  } catch (refusal) {
    return refuseAuthorization(db, principal, origin, caller.operationId, refusal as AppError);
  }
  return refusalsAudited(db, orgId, origin, principal, 'invitation.creation_refused', { email, role: request.role }, async (tx) => {
    // Seats are counted under the organization's lock: concurrent invitations queue here.
    const seats = await lockSeats(tx, orgId);
    if (await findMemberByEmail(tx, orgId, email)) throw conflict('this address belongs to a member already');
    if (await hasIssuedInvitation(tx, orgId, email)) throw conflict('this address has an invitation that can still be redeemed: withdraw it to invite again');
    if (!seatFree(seats)) throw seatLimitReached(seats);
    const { invitation, token } = await insertInvitation(tx, orgId, { email, role: request.role, invitedByUserId: principal.userId });
    const detail = { invitation_id: invitation.id, email, role: invitation.role, expires_at: invitation.expires_at };
    await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'invitation.created', detail });
    await appendToOutbox(tx, orgId, { type: 'member.invited', subjectId: invitation.id, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
    return { ...invitation, token };
  });
}

/**
 * Withdrawing removes access that was offered, so it is never refused for seats;
 * withdrawing again is a no-op, and a redeemed invitation is a member to remove instead (409).
 */
export async function withdrawInvitation(db: Database, caller: Caller, invitationId: string): Promise<void> {
  const { principal, origin } = caller;
  const orgId = principal.orgId;
  await db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, orgId, invitationId);
    if (!invitation) throw notFound();
    if (invitation.state === 'withdrawn') return;
    if (invitation.state === 'redeemed') throw conflict('this invitation was redeemed: remove the member instead');
    await markWithdrawn(tx, orgId, invitation.id);
    const detail = { invitation_id: invitation.id, email: invitation.email, role: invitation.role };
    await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'invitation.withdrawn', detail });
    await appendToOutbox(tx, orgId, { type: 'invitation.withdrawn', subjectId: invitation.id, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
  });
}

/**
 * The signed-in person redeems a token. An unknown token and one addressed to
 * someone else answer the same 404: the token alone admits nobody. The role ceiling
 * is checked again against the inviter's role now, and the seats only for an
 * organization over its limit (the invitation already holds its seat).
 */
export async function acceptInvitation(db: Database, caller: Omit<Caller, 'operationId'>, token: string) {
  const { principal } = caller;
  const presented = await findByToken(db, systemScope('redeem-invitation'), token, principal.userId);
  if (!presented) throw notFound();
  // The person is not a member yet: what follows happens in the invitation's organization.
  return actingForTenant(presented.orgId, () => redeem(db, caller, presented));
}

async function redeem(db: Database, { principal, origin }: Omit<Caller, 'operationId'>, presented: PresentedInvitation) {
  const orgId = presented.orgId;
  const refusalDetail = { invitation_id: presented.id };
  if (!presented.addressMatches) {
    await recordIdentityEvent(db, orgId, origin, { actor: actorOf(principal), action: 'invitation.acceptance_refused', detail: { ...refusalDetail, reason: 'the invitation is for another address' } });
    throw notFound();
  }
  return refusalsAudited(db, orgId, origin, principal, 'invitation.acceptance_refused', refusalDetail, async (tx) => {
    // The seat count locks the organization's row, which the deletion's start locks too: no one joins one being deleted.
    const seats = await lockSeats(tx, orgId);
    if (await isDeletionScheduled(tx, orgId)) {
      throw new AppError('conflict', 'this organization is scheduled for deletion and admits no one', { details: { rule: 'organization_deletion_scheduled' } });
    }
    const invitation = (await lockInvitation(tx, orgId, presented.id))!;
    if (invitation.state !== 'issued') throw new AppError('conflict', notRedeemable[invitation.state], { details: { rule: `invitation_${invitation.state}` } });
    if (await findMember(tx, orgId, principal.userId)) throw conflict('you are a member of this organization already');
    const inviter = await findMember(tx, orgId, invitation.invited_by);
    if (!inviter || !mayInvite(inviter.role, invitation.role)) {
      throw new AppError('conflict', 'whoever invited you can no longer confer this role: ask an administrator for a new invitation', { details: { rule: 'inviter_cannot_confer' } });
    }
    if (overSeatLimit(seats)) throw overSeatLimitRefusal(seats);
    await markRedeemed(tx, orgId, invitation.id, principal.userId);
    await addMembership(tx, orgId, { userId: principal.userId, role: invitation.role, arrival: 'invitation', actor: eventActorOf(principal) });
    const detail = { invitation_id: invitation.id, user_id: principal.userId, role: invitation.role, invited_by: invitation.invited_by };
    await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'invitation.redeemed', detail });
    await appendToOutbox(tx, orgId, { type: 'invitation.redeemed', subjectId: invitation.id, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
    return { ...(await findOrganization(tx, orgId))!, role: invitation.role };
  });
}

const notRedeemable: Record<Exclude<InvitationState, 'issued'>, string> = {
  redeemed: 'this invitation was redeemed already',
  withdrawn: 'this invitation was withdrawn',
  expired: 'this invitation has expired',
};

/** Whether a member of this role may invite to that one: the issuing rule, applied to the inviter's role at acceptance. */
function mayInvite(inviterRole: Role, invitedRole: InvitedRole): boolean {
  const held = permissionsOf(inviterRole);
  return held.has(INVITING_PERMISSION) && missingForRoleChange(held, undefined, invitedRole) === undefined;
}

/**
 * Runs the step in one transaction. A refusal (a 409 of the organization's state)
 * rolls it back and is then written to the organization's trail with its reason.
 */
async function refusalsAudited<T>(
  db: Database,
  orgId: OrgId,
  origin: RequestOrigin,
  principal: UserPrincipal,
  action: string,
  detail: Record<string, unknown>,
  step: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(step);
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      await recordIdentityEvent(db, orgId, origin, { actor: actorOf(principal), action, detail: { ...detail, reason: error.message } });
    }
    throw error;
  }
}
