import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { findingAgeView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/finding-age: open findings by age and past their severity's SLA. */
export function getFindingAge(deps: ViewDependencies): OperationHandler<'getFindingAge'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await findingAgeView(deps, principal.orgId, ctx.query) };
  };
}
