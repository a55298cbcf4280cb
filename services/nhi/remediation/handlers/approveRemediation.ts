import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { RemediationDecisions } from '../requests.js';

/** POST /nhi/api/v1/remediations/{remediationId}/approve: an approval (the requester never); at the threshold the execution is queued. */
export function approveRemediation(deps: { decisions: RemediationDecisions }): OperationHandler<'approveRemediation'> {
  return async (ctx) => ({ status: 200, body: await deps.decisions.approve(callerOfContext(ctx), ctx.params.remediationId) });
}
