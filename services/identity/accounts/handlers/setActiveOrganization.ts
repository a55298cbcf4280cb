import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import { findOrganization, membershipIn } from '../../../organizations/index.js';
import { originOfContext, recordRepeatableRefusal } from '../../../platform/audit/identity-trail.js';
import { asUser } from '../../../platform/principal.js';
import { setPreferredOrganization } from '../users.js';

/**
 * PUT /api/v1/me/active-org: which organization the person acts in, for all their
 * sessions at once. A preference, not authority: the guard checks the membership on
 * every request. A target they do not belong to is the standard 404, audited in the
 * organization they were acting in (spec 4.4), counted per window like every
 * refusal a caller can repeat at will.
 */
export function setActiveOrganization(deps: { db: Database; now: () => Date }): OperationHandler<'setActiveOrganization'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const requested = ctx.body.org_id;
    const membership = await membershipIn(deps.db, principal.userId, requested);
    if (!membership) {
      await recordRepeatableRefusal(
        deps.db,
        principal.orgId,
        originOfContext(ctx),
        {
          actor: { userId: principal.userId },
          subject: principal.userId,
          action: 'active_org.refused',
          detail: { requested_org_id: requested, reason: 'not a member' },
          varies: 'requested_org_id',
        },
        deps.now(),
      );
      throw notFound();
    }
    await setPreferredOrganization(deps.db, principal.userId, membership.orgId);
    const organization = await findOrganization(deps.db, membership.orgId);
    return { status: 200, body: { ...organization!, role: membership.role } };
  };
}
