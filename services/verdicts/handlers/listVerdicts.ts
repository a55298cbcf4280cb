import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { boundedLimit } from '../../policies/index.js';
import { listVerdicts as readVerdicts } from '../verdicts.js';

/** GET /api/v1/verdicts: newest first, optionally of one scan, bounded by limit (not paginated). */
export function listVerdicts(deps: { db: Database }): OperationHandler<'listVerdicts'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const limit = boundedLimit(ctx.query.limit);
    const scanId = typeof ctx.query.scan_id === 'string' ? ctx.query.scan_id : undefined;
    return { status: 200, body: { verdicts: await readVerdicts(deps.db, principal.orgId, { scanId, limit }), limit } };
  };
}
