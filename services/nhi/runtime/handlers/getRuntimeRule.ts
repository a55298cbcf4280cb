import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { getRule } from '../rules.js';

/** GET /nhi/api/v1/runtime/rules/{ruleId}. */
export function getRuntimeRule(deps: { db: Database }): OperationHandler<'getRuntimeRule'> {
  return async (ctx) => ({ status: 200, body: await getRule(deps.db, requirePrincipal(ctx).orgId, ctx.params.ruleId) });
}
