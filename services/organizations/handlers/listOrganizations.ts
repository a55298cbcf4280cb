import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { asUser } from '../../platform/principal.js';
import { listOrganizationsOf } from '../organizations.js';

/** GET /api/v1/orgs: the caller's organizations, oldest first, marking the one this request acts in. */
export function listOrganizations(deps: { db: Database }): OperationHandler<'listOrganizations'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const organizations = await listOrganizationsOf(deps.db, principal.userId);
    return { status: 200, body: { organizations: organizations.map((o) => ({ ...o, acting: o.id === principal.orgId })) } };
  };
}
