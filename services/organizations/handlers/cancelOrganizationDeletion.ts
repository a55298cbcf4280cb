import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { cancelDeletion } from '../deletion.js';

/** DELETE /api/v1/orgs/current/deletion: any owner cancels a scheduled deletion during the grace period. */
export function cancelOrganizationDeletion(deps: { db: Database; now: () => Date }): OperationHandler<'cancelOrganizationDeletion'> {
  return async (ctx) => {
    const caller = { principal: requirePrincipal(ctx), origin: originOfContext(ctx), now: deps.now() };
    const organization = await deps.db.transaction((tx) => cancelDeletion(tx, caller));
    return { status: 200, body: organization };
  };
}
