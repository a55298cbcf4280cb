import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { getFindingRow, latestFindingEvents, toFindingView } from '../findings.js';

/** How many timeline events GET /findings/{id} carries inline (spec 8). */
const INLINE_EVENTS = 50;

/** GET /api/v1/findings/{id}: the finding with its latest 50 events, newest first. */
export function getFinding(deps: { db: Database }): OperationHandler<'getFinding'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const row = await getFindingRow(deps.db, principal.orgId, ctx.params.id);
    const events = await latestFindingEvents(deps.db, principal.orgId, row.id, INLINE_EVENTS);
    return { status: 200, body: { ...toFindingView(row), events } };
  };
}
