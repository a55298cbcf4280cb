// The organization a signed-in person acts in: what they see of themselves and of it
// (GET /api/v1/me), and choosing it for all their sessions (PUT /api/v1/me/active-org).
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import { findMember, findOrganization, membershipIn } from '../../organizations/index.js';
import { recordRepeatableRefusal, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { allPermissions, nhiPermissions } from '../../platform/authorization/permissions.js';
import type { UserPrincipal } from '../../platform/principal.js';
import { findUser, setPreferredOrganization } from './users.js';

export function createActingOrganization(deps: { db: Database; now: () => Date }) {
  return {
    /** The person, and the organization this request acts in with their role and permissions there. */
    async overviewOf(principal: UserPrincipal) {
      const [user, organization, member] = await Promise.all([
        findUser(deps.db, principal.userId),
        findOrganization(deps.db, principal.orgId),
        findMember(deps.db, principal.orgId, principal.userId),
      ]);
      return {
        user: user!,
        actingOrganization: {
          ...organization!,
          role: member!.role,
          // Their role's and their module role's (spec 2.3): what the dashboard offers follows both.
          permissions: [...allPermissions, ...nhiPermissions].filter((p) => principal.permissions.has(p)),
        },
      };
    },

    /**
     * Which organization the person acts in, for all their sessions at once; answers it
     * with their role there. A preference, not authority: the guard checks the membership
     * on every request. A target they do not belong to is the standard 404, audited in
     * the organization they were acting in (spec 4.4), counted per window like every
     * refusal a caller can repeat at will.
     */
    async choose(principal: UserPrincipal, requested: string, origin: RequestOrigin) {
      const membership = await membershipIn(deps.db, principal.userId, requested);
      if (!membership) {
        await recordRepeatableRefusal(
          deps.db,
          principal.orgId,
          origin,
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
      return { ...organization!, role: membership.role };
    },
  };
}

export type ActingOrganization = ReturnType<typeof createActingOrganization>;
