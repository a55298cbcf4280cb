import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { CursorCodec } from '../../../platform/pagination/cursor.js';
import { listGroups } from '../group-mappings.js';

/** GET /api/v1/identity/groups: the organization's directory groups, newest first, cursor-paginated. */
export function listDirectoryGroups(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listDirectoryGroups'> {
  return async (ctx) => ({ status: 200, body: await listGroups(deps.db, deps.codec, requirePrincipal(ctx).orgId, ctx.query) });
}
