import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { RemediationDecisions } from '../requests.js';

/** POST /nhi/api/v1/remediations/{remediationId}/cancel: the requester withdraws their pending request. */
export function cancelRemediation(deps: { decisions: RemediationDecisions }): OperationHandler<'cancelRemediation'> {
  return async (ctx) => ({ status: 200, body: await deps.decisions.cancel(callerOfContext(ctx), ctx.params.remediationId) });
}
