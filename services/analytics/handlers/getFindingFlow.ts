import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { findingFlowView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/finding-flow: findings discovered, resolved and reopened per bucket, by severity. */
export function getFindingFlow(deps: ViewDependencies): OperationHandler<'getFindingFlow'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await findingFlowView(deps, principal.orgId, ctx.query) };
  };
}
