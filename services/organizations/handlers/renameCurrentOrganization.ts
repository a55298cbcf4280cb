import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { actorOf, originOfContext, recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import { renameOrganization } from '../organizations.js';

/** PATCH /api/v1/orgs/current: renames the acting organization (organization:manage, which no key can hold). */
export function renameCurrentOrganization(deps: { db: Database }): OperationHandler<'renameCurrentOrganization'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const name = ctx.body.name.trim();
    const organization = await deps.db.transaction(async (tx) => {
      const renamed = await renameOrganization(tx, principal.orgId, name);
      await recordIdentityEvent(tx, principal.orgId, originOfContext(ctx), { actor: actorOf(principal), action: 'organization.renamed', detail: { from: renamed.previousName, to: name } });
      return renamed.organization;
    });
    return { status: 200, body: organization };
  };
}
