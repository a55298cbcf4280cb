import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { JSON_CONTENT_TYPE, getVerdictBody } from '../verdicts.js';

/** GET /api/v1/verdicts/{id}: the verdict exactly as recorded (the bytes POST /scans/{id}/verdict answered). */
export function getVerdict(deps: { db: Database }): OperationHandler<'getVerdict'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await getVerdictBody(deps.db, principal.orgId, ctx.params.id), headers: { 'content-type': JSON_CONTENT_TYPE } };
  };
}
