// Scheduling and cancelling an organization's deletion (spec 3.2, 4.4). An owner
// types the organization's exact name; the deletion runs after a grace period,
// during which the organization is read-only (the guard refuses other writes,
// see isDeletionScheduled) and any owner can cancel. The deletion itself is
// deletion-sweep.ts, in the workers role.
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { conflict, validationFailed } from '../platform/errors.js';
import { asUser, eventActorOf, type Principal } from '../platform/principal.js';
import { appendToOutbox } from '../../streams/outbox.js';
import { findOrganization, type Organization } from './organizations.js';

/** Seven days: long enough for every owner to notice the announcement and cancel, short enough that a deletion request is honoured promptly. */
export const DELETION_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

interface DeletionCaller {
  principal: Principal;
  origin: RequestOrigin;
  now: Date;
}

interface DeletionStateRow {
  name: string;
  personal_for_user_id: string | null;
  deletes_at: Date | null;
  deletion_started_at: Date | null;
}

const lockForDeletion = async (tx: Queryable, orgId: OrgId): Promise<DeletionStateRow> =>
  (await tx.query<DeletionStateRow>('SELECT name, personal_for_user_id, deletes_at, deletion_started_at FROM organizations WHERE id = $1 FOR UPDATE', [orgId])).rows[0]!;

/**
 * Schedules the acting organization's deletion at `now` plus the grace period.
 * A personal organization is refused whatever is typed (409); a name that is not
 * exactly the organization's is 400.
 */
export async function scheduleDeletion(tx: Queryable, caller: DeletionCaller, confirmName: string): Promise<Organization> {
  const { principal, now } = caller;
  const user = asUser(principal);
  const current = await lockForDeletion(tx, principal.orgId);
  if (current.personal_for_user_id !== null) throw conflict('a personal organization cannot be deleted');
  if (confirmName !== current.name) throw validationFailed("confirm_name must be the organization's exact name", { field: 'confirm_name' });
  // The guard refuses this request while a deletion is scheduled; this covers two owners scheduling at once.
  if (current.deletes_at !== null) throw conflict('organization is scheduled for deletion');
  const deletesAt = new Date(now.getTime() + DELETION_GRACE_MS);
  await tx.query('UPDATE organizations SET deletion_scheduled_at = $2, deletion_scheduled_by = $3, deletes_at = $4 WHERE id = $1', [
    principal.orgId,
    now,
    user.userId,
    deletesAt,
  ]);
  const detail = { organization_id: principal.orgId, name: current.name, scheduled_by: user.userId, deletes_at: deletesAt.toISOString() };
  await recordAndAnnounce(tx, caller, 'organization.deletion_scheduled', detail);
  return (await findOrganization(tx, principal.orgId))!;
}

/**
 * Cancels a scheduled deletion. Cancelling when none is scheduled answers the
 * organization unchanged and records nothing (two owners may click at once);
 * once the grace period is over the deletion is under way and cannot be cancelled (409).
 */
export async function cancelDeletion(tx: Queryable, caller: DeletionCaller): Promise<Organization> {
  const { principal, now } = caller;
  const current = await lockForDeletion(tx, principal.orgId);
  if (current.deletes_at === null) return (await findOrganization(tx, principal.orgId))!;
  if (current.deletion_started_at !== null || current.deletes_at.getTime() <= now.getTime()) throw conflict('the deletion is under way and can no longer be cancelled');
  await tx.query('UPDATE organizations SET deletion_scheduled_at = NULL, deletion_scheduled_by = NULL, deletes_at = NULL WHERE id = $1', [principal.orgId]);
  const detail = { organization_id: principal.orgId, name: current.name, deletes_at: current.deletes_at.toISOString() };
  await recordAndAnnounce(tx, caller, 'organization.deletion_cancelled', detail);
  return (await findOrganization(tx, principal.orgId))!;
}

/** Audits a step of the deletion in the organization's trail and announces it as a domain event of the same name. */
async function recordAndAnnounce(tx: Queryable, { principal, origin }: DeletionCaller, action: string, detail: Record<string, unknown>): Promise<void> {
  await recordIdentityEvent(tx, principal.orgId, origin, { actor: actorOf(principal), action, detail });
  await appendToOutbox(tx, principal.orgId, { type: action, subjectId: principal.orgId, actor: eventActorOf(principal), correlationId: origin.requestId, payload: detail });
}

/** Whether the organization is scheduled for deletion (or being deleted): its data is read-only then. */
export async function isDeletionScheduled(q: Queryable, orgId: OrgId): Promise<boolean> {
  const { rows } = await q.query<{ scheduled: boolean }>('SELECT deletes_at IS NOT NULL AS scheduled FROM organizations WHERE id = $1', [orgId], { prepared: true });
  return rows[0]?.scheduled ?? false;
}
