import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { deleteAsset as remove } from '../assets.js';

/** DELETE /api/v1/assets/{id}: removes the asset and everything recorded about it; audited and announced as asset.deleted. */
export function deleteAsset(deps: { db: Database }): OperationHandler<'deleteAsset'> {
  return async (ctx) => {
    const caller = { principal: requirePrincipal(ctx), origin: originOfContext(ctx) };
    await remove(deps.db, caller, ctx.params.id);
    return { status: 204 };
  };
}
