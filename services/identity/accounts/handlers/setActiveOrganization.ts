import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { originOfContext } from '../../../platform/audit/identity-trail.js';
import { asUser } from '../../../platform/principal.js';
import type { ActingOrganization } from '../acting-organization.js';

/** PUT /api/v1/me/active-org: which organization the person acts in, for all their sessions at once; 404 for one they do not belong to (acting-organization.ts). */
export function setActiveOrganization(deps: { actingOrganization: ActingOrganization }): OperationHandler<'setActiveOrganization'> {
  return async (ctx) => {
    const organization = await deps.actingOrganization.choose(asUser(requirePrincipal(ctx)), ctx.body.org_id, originOfContext(ctx));
    return { status: 200, body: organization };
  };
}
