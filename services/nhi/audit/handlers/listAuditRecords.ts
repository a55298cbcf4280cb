import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import type { CursorCodec } from '../../../platform/pagination/cursor.js';
import { listAuditRecordsPage } from '../listing.js';

/** GET /nhi/api/v1/audit/records: newest first, cursor-paginated, filtered by action, actor, result, subject and a time window. */
export function listAuditRecords(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listAuditRecords'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await listAuditRecordsPage(deps.db, deps.codec, principal.orgId, ctx.query) };
  };
}
