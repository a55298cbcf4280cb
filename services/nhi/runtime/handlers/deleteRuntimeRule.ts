import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { rulesCallerOf } from '../caller.js';
import { deleteRule } from '../rules.js';

/** DELETE /nhi/api/v1/runtime/rules/{ruleId}: 204, audited as runtime_rule.deleted with the rule it was. */
export function deleteRuntimeRule(deps: { db: Database }): OperationHandler<'deleteRuntimeRule'> {
  return async (ctx) => {
    await deleteRule(deps.db, rulesCallerOf(ctx), ctx.params.ruleId);
    return { status: 204 };
  };
}
