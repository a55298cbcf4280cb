import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import type { EstimateCache } from '../../platform/pagination/estimate-cache.js';
import { listFindingsPage } from '../findings.js';

/** GET /api/v1/findings: filtered, ordered by severity or recency, cursor-paginated. */
export function listFindings(deps: { db: Database; codec: CursorCodec; estimates: EstimateCache }): OperationHandler<'listFindings'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await listFindingsPage(deps.db, deps.codec, principal.orgId, ctx.query, 'findings', deps.estimates) };
  };
}
