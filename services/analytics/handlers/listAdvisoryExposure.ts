import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { advisoryExposureView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/advisories: advisories by affected assets, most first, cursor-paginated. */
export function listAdvisoryExposure(deps: ViewDependencies): OperationHandler<'listAdvisoryExposure'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await advisoryExposureView(deps, principal.orgId, ctx.query) };
  };
}
