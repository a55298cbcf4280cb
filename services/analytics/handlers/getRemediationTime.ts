import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { remediationTimeView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/remediation-time: mean time to remediate by severity over the window and per bucket. */
export function getRemediationTime(deps: ViewDependencies): OperationHandler<'getRemediationTime'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await remediationTimeView(deps, principal.orgId, ctx.query) };
  };
}
