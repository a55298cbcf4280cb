import type { Database } from '../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import { exportAssetSbom, exportFormatOf, SBOM_MEDIA_TYPES } from '../sbom/sbom-export.js';

/** GET /api/v1/assets/{id}/sbom: the asset's latest inventory as CycloneDX 1.6 or SPDX 2.3 JSON. */
export function getAssetSbom(deps: { db: Database }): OperationHandler<'getAssetSbom'> {
  return async (ctx) => {
    const format = exportFormatOf(ctx.query.format, ctx.headers.accept);
    const body = await exportAssetSbom(deps.db, requirePrincipal(ctx).orgId, ctx.params.id, format);
    return { status: 200, body, headers: { 'content-type': SBOM_MEDIA_TYPES[format] } };
  };
}
