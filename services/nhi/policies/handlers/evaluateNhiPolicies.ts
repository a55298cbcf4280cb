import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import { evaluatePolicies } from '../evaluation.js';

/** POST /nhi/api/v1/policies/evaluations: evaluates the organization's policies now and answers what changed. */
export function evaluateNhiPolicies(deps: { db: Database; now: () => Date }): OperationHandler<'evaluateNhiPolicies'> {
  return async (ctx) => {
    const caller = callerOfContext(ctx);
    return { status: 200, body: await evaluatePolicies(deps.db, caller.orgId, { trigger: 'manual', runId: null, audit: caller.audit, now: deps.now() }) };
  };
}
