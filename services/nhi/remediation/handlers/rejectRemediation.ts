import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { RemediationDecisions } from '../requests.js';

/** POST /nhi/api/v1/remediations/{remediationId}/reject: ends a pending request (the requester withdraws instead). */
export function rejectRemediation(deps: { decisions: RemediationDecisions }): OperationHandler<'rejectRemediation'> {
  return async (ctx) => ({ status: 200, body: await deps.decisions.reject(callerOfContext(ctx), ctx.params.remediationId, (ctx.body ?? {}) as { reason?: unknown }) });
}
