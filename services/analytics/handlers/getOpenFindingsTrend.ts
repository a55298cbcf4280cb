import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { openFindingsView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/open-findings: open findings at the end of every bucket, by severity. */
export function getOpenFindingsTrend(deps: ViewDependencies): OperationHandler<'getOpenFindingsTrend'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await openFindingsView(deps, principal.orgId, ctx.query) };
  };
}
