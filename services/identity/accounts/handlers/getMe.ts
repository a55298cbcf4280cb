import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { findMember } from '../../../organizations/index.js';
import { findOrganization } from '../../../organizations/index.js';
import { allPermissions, nhiPermissions } from '../../../platform/authorization/permissions.js';
import { asUser } from '../../../platform/principal.js';
import { findUser } from '../users.js';

/** GET /api/v1/me: the person, and the organization this request acts in with their role and permissions there. */
export function getMe(deps: { db: Database }): OperationHandler<'getMe'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const [user, organization, member] = await Promise.all([
      findUser(deps.db, principal.userId),
      findOrganization(deps.db, principal.orgId),
      findMember(deps.db, principal.orgId, principal.userId),
    ]);
    return {
      status: 200,
      body: {
        id: user!.id,
        email: user!.email,
        name: user!.name,
        email_verified: user!.emailVerified,
        acting_organization: {
          ...organization!,
          role: member!.role,
          // Their role's and their module role's (spec 2.3): what the dashboard offers follows both.
          permissions: [...allPermissions, ...nhiPermissions].filter((p) => principal.permissions.has(p)),
        },
      },
    };
  };
}
