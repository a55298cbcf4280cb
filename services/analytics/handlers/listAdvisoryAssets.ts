import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { advisoryAssetsView, type ViewDependencies } from '../views.js';

/** GET /api/v1/analytics/advisories/{advisory}/assets: the assets with open findings of one advisory, cursor-paginated. */
export function listAdvisoryAssets(deps: ViewDependencies): OperationHandler<'listAdvisoryAssets'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await advisoryAssetsView(deps, principal.orgId, ctx.params.advisory, ctx.query) };
  };
}
