import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { getScan as readScan, toScanView } from '../scans.js';

/** GET /api/v1/scans/{id}: one scan of the acting organization. */
export function getScan(deps: { db: Database }): OperationHandler<'getScan'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: toScanView(await readScan(deps.db, principal.orgId, ctx.params.id)) };
  };
}
