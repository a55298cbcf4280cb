import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { listLicensesPage } from '../licenses.js';

/** GET /api/v1/licenses: the organization's licence inventory by licence name, cursor-paginated. */
export function listLicenses(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listLicenses'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await listLicensesPage(deps.db, deps.codec, principal.orgId, ctx.query) };
  };
}
