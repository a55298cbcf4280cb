import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { scheduleDeletion } from '../deletion.js';

/**
 * POST /api/v1/orgs/current/deletion: schedules the acting organization's deletion
 * after the grace period (organization:delete: owners, sessions only). The caller
 * types the organization's exact name.
 */
export function scheduleOrganizationDeletion(deps: { db: Database; now: () => Date }): OperationHandler<'scheduleOrganizationDeletion'> {
  return async (ctx) => {
    const caller = { principal: requirePrincipal(ctx), origin: originOfContext(ctx), now: deps.now() };
    const { confirm_name } = ctx.body;
    const organization = await deps.db.transaction((tx) => scheduleDeletion(tx, caller, confirm_name));
    return { status: 200, body: organization };
  };
}
