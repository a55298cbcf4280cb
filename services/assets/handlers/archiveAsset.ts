import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { archiveAsset as archive } from '../assets.js';

/** POST /api/v1/assets/{id}/archive: archives with a reason; audited and announced as asset.archived. */
export function archiveAsset(deps: { db: Database }): OperationHandler<'archiveAsset'> {
  return async (ctx) => {
    const caller = { principal: requirePrincipal(ctx), origin: originOfContext(ctx) };
    const reason = ctx.body.reason.trim();
    return { status: 200, body: await archive(deps.db, caller, ctx.params.id, reason) };
  };
}
