import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { StaleReport } from '../stale-report.js';

/** GET /nhi/api/v1/policies/stale_identity/report: each active identity's stale answer, cursor-paginated. */
export function getStaleIdentityReport(deps: { staleReport: StaleReport }): OperationHandler<'getStaleIdentityReport'> {
  return async (ctx) => ({ status: 200, body: await deps.staleReport(requirePrincipal(ctx).orgId, ctx.query) });
}
