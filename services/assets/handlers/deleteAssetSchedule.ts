import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { deleteSchedule } from '../schedules.js';

/** DELETE /api/v1/assets/{id}/schedule: the asset is no longer scanned on a timer. */
export function deleteAssetSchedule(deps: { db: Database }): OperationHandler<'deleteAssetSchedule'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    await deleteSchedule(deps.db, principal.orgId, ctx.params.id);
    return { status: 204 };
  };
}
