import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { listRules } from '../rules.js';

/** GET /nhi/api/v1/runtime/rules: every rule of the organization by name (at most MAX_RULES, so not paginated). */
export function listRuntimeRules(deps: { db: Database }): OperationHandler<'listRuntimeRules'> {
  return async (ctx) => ({ status: 200, body: { items: await listRules(deps.db, requirePrincipal(ctx).orgId) } });
}
