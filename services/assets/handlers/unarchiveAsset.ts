import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { unarchiveAsset as unarchive } from '../assets.js';

/** POST /api/v1/assets/{id}/unarchive: returns an archived asset to use; audited and announced as asset.unarchived. */
export function unarchiveAsset(deps: { db: Database }): OperationHandler<'unarchiveAsset'> {
  return async (ctx) => {
    const caller = { principal: requirePrincipal(ctx), origin: originOfContext(ctx) };
    return { status: 200, body: await unarchive(deps.db, caller, ctx.params.id) };
  };
}
