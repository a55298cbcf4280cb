import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import type { ActingOrganization } from '../acting-organization.js';

/** GET /api/v1/me: the person, and the organization this request acts in with their role and permissions there (acting-organization.ts). */
export function getMe(deps: { actingOrganization: ActingOrganization }): OperationHandler<'getMe'> {
  return async (ctx) => {
    const { user, actingOrganization } = await deps.actingOrganization.overviewOf(asUser(requirePrincipal(ctx)));
    return {
      status: 200,
      body: { id: user.id, email: user.email, name: user.name, email_verified: user.emailVerified, acting_organization: actingOrganization },
    };
  };
}
