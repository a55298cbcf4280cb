import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { rulesCallerOf } from '../caller.js';

import { createRule } from '../rules.js';

/** POST /nhi/api/v1/runtime/rules: 201 with the rule, audited as runtime_rule.created. */
export function createRuntimeRule(deps: { db: Database; now: () => Date }): OperationHandler<'createRuntimeRule'> {
  return async (ctx) => ({ status: 201, body: await createRule(deps.db, rulesCallerOf(ctx), ctx.body, deps.now()) });
}
