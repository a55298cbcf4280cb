import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { putSchedule } from '../schedules.js';

/** PUT /api/v1/assets/{id}/schedule: sets the asset's one schedule; the same request again changes nothing. */
export function putAssetSchedule(deps: { db: Database }): OperationHandler<'putAssetSchedule'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const schedule = await putSchedule(deps.db, principal.orgId, ctx.params.id, ctx.body);
    return { status: 200, body: schedule };
  };
}
