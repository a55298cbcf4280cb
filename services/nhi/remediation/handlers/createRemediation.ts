import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { RemediationDecisions } from '../requests.js';

/** POST /nhi/api/v1/remediations: a person (governance:request) asks for an action on an identity; 201 with the pending request. */
export function createRemediation(deps: { decisions: RemediationDecisions }): OperationHandler<'createRemediation'> {
  return async (ctx) => {
    const body = ctx.body;
    const { identityId, action, reason, dryRun } = body;
    return { status: 201, body: await deps.decisions.request(callerOfContext(ctx), { identityId, action, reason, dryRun }) };
  };
}
