import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { readAsset } from '../../assets/index.js';
import { readVexDocument } from '../documents.js';
import { answerImport } from '../import.js';

/** POST /api/v1/assets/{id}/vex: a VEX document about this asset applied to its findings (services/vex/import.ts). */
export function importAssetVex(deps: { db: Database }): OperationHandler<'importAssetVex'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    // The asset first: another organization's is the same 404 as a missing one, whatever the body.
    const asset = await readAsset(deps.db, principal.orgId, ctx.params.id);
    return answerImport(deps.db, ctx, { kind: 'asset', asset }, readVexDocument(ctx.body));
  };
}
