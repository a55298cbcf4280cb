import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { readAsset } from '../assets.js';

/** GET /api/v1/assets/{id}: one asset of the acting organization, archived or not. */
export function getAsset(deps: { db: Database }): OperationHandler<'getAsset'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await readAsset(deps.db, principal.orgId, ctx.params.id) };
  };
}
