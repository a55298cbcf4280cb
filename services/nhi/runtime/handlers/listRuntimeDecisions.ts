import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import type { CursorCodec } from '../../../platform/pagination/cursor.js';
import { listDecisions } from '../decision-log.js';

/** GET /nhi/api/v1/runtime/decisions: the decision log, newest first, filtered by identity, decision and time window. */
export function listRuntimeDecisions(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listRuntimeDecisions'> {
  return async (ctx) => ({ status: 200, body: await listDecisions(deps.db, deps.codec, requirePrincipal(ctx).orgId, ctx.query) });
}
