import { authorizeRequest } from '../../platform/authorization/authorize-request.js';
import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { getFindingRow, toFindingView } from '../findings.js';
import { moveFinding, requestedChange } from '../requested-changes.js';
import { permissionFor } from '../triage.js';

/**
 * PATCH /api/v1/findings/{id}: moves one finding (see services/findings/triage.ts
 * for the moves and their permissions). The status it already has is a success
 * that records nothing.
 */
export function updateFinding(deps: { db: Database; now?: () => Date }): OperationHandler<'updateFinding'> {
  const now = deps.now ?? (() => new Date());
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const change = requestedChange(ctx.body, now());
    const row = await getFindingRow(deps.db, principal.orgId, ctx.params.id);
    await authorizeRequest(deps.db, ctx, permissionFor(row.status, change.to));
    const moved = await moveFinding(deps.db, principal.orgId, row, change, { principal, requestId: ctx.requestId });
    return { status: 200, body: toFindingView(moved) };
  };
}
