// Moving an organization to another plan (`sentinel org plan`, an operator's command).
// The plans and their seats are rows of the plans table (migration 010), the one
// definition every seat count and scan limit reads. Nothing is removed when a plan
// shrinks: the seat rules (seats.ts) admit nobody new until the organization is back
// within its seats, and never refuse a removal.
import { isUuid } from '../platform/ids.js';
import { recordSystemIdentityEvent } from '../platform/audit/identity-trail.js';
import type { Database } from '../platform/db/database.js';
import { tenantOfClaim, type SystemScope } from '../platform/tenancy.js';
import { lockSeats } from './seats.js';

export interface PlanSeats {
  code: string;
  /** null: unlimited. */
  seats: number | null;
}

export type PlanChange =
  | { outcome: 'unknown_organization' }
  | { outcome: 'unknown_plan'; plans: PlanSeats[] }
  | { outcome: 'unchanged'; name: string; plan: PlanSeats; held: number }
  | { outcome: 'changed'; name: string; from: PlanSeats; to: PlanSeats; held: number };

/**
 * Moves the organization to the plan, under the organization's membership lock (the
 * lock every admission counts seats under, so none decides with the old plan after
 * this commits), and records it in the organization's identity trail as the system's
 * action, in the same transaction. A deleted organization is unknown.
 * @param scope systemScope('change-organization-plan'): the operator names the organization by id, with no membership
 */
export async function changeOrganizationPlan(db: Database, scope: SystemScope, organizationId: string, planCode: string): Promise<PlanChange> {
  if (!isUuid(organizationId)) return { outcome: 'unknown_organization' };
  return db.transaction(async (tx) => {
    const { rows: plans } = await tx.query<PlanSeats>('SELECT code, seats FROM plans ORDER BY seats NULLS LAST, code');
    const to = plans.find((plan) => plan.code === planCode);
    const { rows } = await tx.query<{ id: string; name: string; plan_code: string }>('SELECT id, name, plan_code FROM organizations WHERE id = $1 AND deleted_at IS NULL', [organizationId]);
    if (!rows[0]) return { outcome: 'unknown_organization' };
    if (!to) return { outcome: 'unknown_plan', plans };
    const orgId = tenantOfClaim(scope, rows[0].id);
    const { held } = await lockSeats(tx, orgId);
    // Read again under the lock: a concurrent change may have committed meanwhile.
    const current = (await tx.query<{ plan_code: string }>('SELECT plan_code FROM organizations WHERE id = $1', [orgId])).rows[0]!.plan_code;
    const from = plans.find((plan) => plan.code === current)!;
    if (from.code === to.code) return { outcome: 'unchanged', name: rows[0].name, plan: to, held };
    await tx.query('UPDATE organizations SET plan_code = $2 WHERE id = $1', [orgId, to.code]);
    await recordSystemIdentityEvent(tx, orgId, {
      action: 'organization.plan_changed',
      detail: { from: from.code, to: to.code, seats: to.seats, seats_held: held, by: 'operator command sentinel org plan' },
    });
    return { outcome: 'changed', name: rows[0].name, from, to, held };
  });
}
