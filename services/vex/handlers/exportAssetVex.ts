import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { readAsset } from '../../assets/index.js';
import { findOrganization } from '../../organizations/index.js';
import { currentDecisions, toCycloneDx, toOpenVex, type ExportFormat } from '../export.js';

const mediaTypes: Record<ExportFormat, string> = {
  openvex: 'application/json; charset=utf-8',
  cyclonedx: 'application/vnd.cyclonedx+json; version=1.6; charset=utf-8',
};

/** GET /api/v1/assets/{id}/vex: the organization's current decisions about the asset as a VEX document (services/vex/export.ts). */
export function exportAssetVex(deps: { db: Database }): OperationHandler<'exportAssetVex'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const format = ctx.query.format ?? 'openvex';
    const asset = await readAsset(deps.db, principal.orgId, ctx.params.id);
    const decisions = await currentDecisions(deps.db, principal.orgId, asset.id);
    const author = (await findOrganization(deps.db, principal.orgId))?.name ?? principal.orgId;
    const document = format === 'cyclonedx' ? toCycloneDx(asset, author, decisions) : toOpenVex(asset, author, decisions);
    return { status: 200, body: document, headers: { 'content-type': mediaTypes[format] } };
  };
}
