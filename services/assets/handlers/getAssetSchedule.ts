import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { readSchedule } from '../schedules.js';

/** GET /api/v1/assets/{id}/schedule: the schedule, or the same 404 as for an asset that is not the organization's. */
export function getAssetSchedule(deps: { db: Database }): OperationHandler<'getAssetSchedule'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await readSchedule(deps.db, principal.orgId, ctx.params.id) };
  };
}
