import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { readVexDocument } from '../documents.js';
import { answerImport } from '../import.js';

/** POST /api/v1/vex: a VEX document applied to the organization's assets its image package URLs name (services/vex/import.ts). */
export function importOrganizationVex(deps: { db: Database }): OperationHandler<'importOrganizationVex'> {
  return async (ctx) => answerImport(deps.db, ctx, { kind: 'organization' }, readVexDocument(ctx.body));
}
