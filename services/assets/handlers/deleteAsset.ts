import { originOfContext } from '../../accounts/identity-audit.js';
import type { OperationHandler } from '../../http/handler.js';
import { requirePrincipal } from '../../http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { deleteAsset as remove } from '../assets.js';

/** DELETE /api/v1/assets/{id}: removes the asset and everything recorded about it; audited and announced as asset.deleted. */
export function deleteAsset(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const caller = { principal: requirePrincipal(ctx), origin: originOfContext(ctx) };
    await remove(deps.db, caller, ctx.params.id!);
    return { status: 204 };
  };
}
