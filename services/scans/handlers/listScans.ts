import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { listScansPage } from '../scans.js';

/** GET /api/v1/scans: newest first, cursor-paginated, optionally for one asset. */
export function listScans(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listScans'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await listScansPage(deps.db, deps.codec, principal.orgId, ctx.query) };
  };
}
