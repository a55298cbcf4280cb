import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { listAssetsPage } from '../assets.js';

/** GET /api/v1/assets: newest first by creation, cursor-paginated; archived assets only when asked for. */
export function listAssets(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listAssets'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await listAssetsPage(deps.db, deps.codec, principal.orgId, ctx.query) };
  };
}
