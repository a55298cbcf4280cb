import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { rulesCallerOf } from '../caller.js';
import { updateRule } from '../rules.js';

/** PATCH /nhi/api/v1/runtime/rules/{ruleId}: the fields given change; audited as runtime_rule.updated, .enabled or .disabled. */
export function updateRuntimeRule(deps: { db: Database; now: () => Date }): OperationHandler<'updateRuntimeRule'> {
  return async (ctx) => ({ status: 200, body: await updateRule(deps.db, rulesCallerOf(ctx), ctx.params.ruleId, ctx.body, deps.now()) });
}
