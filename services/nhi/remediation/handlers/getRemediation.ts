import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { RemediationReads } from '../records.js';

/** GET /nhi/api/v1/remediations/{remediationId}: one remediation with its decisions, plan and outcome. */
export function getRemediation(deps: { reads: RemediationReads }): OperationHandler<'getRemediation'> {
  return async (ctx) => ({ status: 200, body: await deps.reads.get(requirePrincipal(ctx).orgId, ctx.params.remediationId) });
}
