import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { listFindingEventsPage } from '../findings.js';

/** GET /api/v1/findings/{id}/events: the whole timeline, newest first, cursor-paginated. */
export function listFindingEvents(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listFindingEvents'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await listFindingEventsPage(deps.db, deps.codec, principal.orgId, ctx.params.id, ctx.query) };
  };
}
