import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { RemediationDecisions } from '../requests.js';

/** POST /nhi/api/v1/remediations/{remediationId}/complete: a person marks a remediation that waited for them done, with a note. */
export function completeRemediation(deps: { decisions: RemediationDecisions }): OperationHandler<'completeRemediation'> {
  return async (ctx) => ({ status: 200, body: await deps.decisions.complete(callerOfContext(ctx), ctx.params.remediationId, (ctx.body ?? {}) as { note?: unknown }) });
}
