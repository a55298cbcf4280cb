import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import { assertCursorLength, type CursorCodec } from '../../platform/pagination/cursor.js';
import type { EstimateCache } from '../../platform/pagination/estimate-cache.js';
import { listFindingsPage } from '../findings.js';

/** GET /api/v1/assets/{id}/findings: one asset's findings; another organization's asset is not found. */
export function listAssetFindings(deps: { db: Database; codec: CursorCodec; estimates: EstimateCache }): OperationHandler<'listAssetFindings'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const assetId = ctx.params.id;
    // Before any work, even the asset lookup (spec 4.9 rule 4).
    if (typeof ctx.query.cursor === 'string') assertCursorLength(ctx.query.cursor);
    const asset = await deps.db.query('SELECT 1 FROM assets WHERE org_id = $1 AND id = $2', [principal.orgId, assetId]);
    if (asset.rowCount === 0) throw notFound();
    const query = { limit: ctx.query.limit, cursor: ctx.query.cursor, order: ctx.query.order, asset_id: assetId };
    return { status: 200, body: await listFindingsPage(deps.db, deps.codec, principal.orgId, query, 'asset-findings', deps.estimates) };
  };
}
