import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { freshnessView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/freshness: how far the analytics store runs behind PostgreSQL for the organization. */
export function getAnalyticsFreshness(deps: ViewDependencies): OperationHandler<'getAnalyticsFreshness'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await freshnessView(deps, principal.orgId) };
  };
}
