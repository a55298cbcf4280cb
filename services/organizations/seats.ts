// Seats (spec 5.9): the one count of who holds a seat in an organization. Every path
// that admits people (invitations today, the directory and single sign-on next) takes
// it here, under the organization's membership lock, so concurrent admissions can
// never exceed the plan. Nothing that removes access asks about seats.
import type { OrgId, Queryable } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import { lockMemberships } from './memberships.js';

export interface Seats {
  /** Seats held: memberships that hold one and invitations that can still be redeemed. */
  held: number;
  /** The plan's seats; null is unlimited. */
  limit: number | null;
}

/**
 * Locks the organization's memberships until the transaction ends (the lock role
 * changes and removals take too) and counts its seats. Whoever admits someone must
 * call it in the transaction that admits them, and decide with the answer.
 *
 * A membership holds a seat unless it is inactive: the directory's "staged inactive"
 * person (spec 5.9) will be a membership this subquery leaves out, and nothing else
 * needs to change. An invitation holds one while it can be redeemed (spec 2.9).
 */
export async function lockSeats(tx: Queryable, orgId: OrgId): Promise<Seats> {
  await lockMemberships(tx, orgId);
  const { rows } = await tx.query<{ held: number; seats: number | null }>(
    `SELECT (SELECT count(*) FROM memberships m WHERE m.org_id = o.id)::int
          + (SELECT count(*) FROM invitations i
              WHERE i.org_id = o.id AND i.redeemed_at IS NULL AND i.withdrawn_at IS NULL AND i.expires_at > now())::int AS held,
            p.seats
       FROM organizations o JOIN plans p ON p.code = o.plan_code
      WHERE o.id = $1`,
    [orgId],
  );
  const row = rows[0]!;
  return { held: row.held, limit: row.seats };
}

/** Whether one more seat may be taken: issuing an invitation (and, later, a directory create). */
export const seatFree = (seats: Seats): boolean => seats.limit === null || seats.held < seats.limit;

/** Whether the organization holds more seats than its plan has: only a plan that shrank gets it there. */
export const overSeatLimit = (seats: Seats): boolean => seats.limit !== null && seats.held > seats.limit;

/**
 * The refusal of a new seat (409, rule seat_limit_reached). 402 is the SCIM path's
 * alone (spec 7); an administrator's request conflicts with the organization's state,
 * which freeing a seat or a larger plan resolves.
 */
export const seatLimitReached = (seats: Seats): AppError =>
  new AppError('conflict', `every seat of the plan is taken (${seats.held} of ${seats.limit}): withdraw an invitation, remove a member or change the plan`, {
    details: { rule: 'seat_limit_reached' },
  });

/** The refusal of an acceptance while the organization holds more seats than its (shrunk) plan has (409, rule over_seat_limit). */
export const overSeatLimitRefusal = (seats: Seats): AppError =>
  new AppError('conflict', `the organization holds more seats than its plan has (${seats.held} of ${seats.limit}) and cannot admit anyone until it is back within it`, {
    details: { rule: 'over_seat_limit' },
  });
