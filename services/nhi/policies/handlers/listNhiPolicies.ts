import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { policyViews, readPolicies } from '../settings.js';

/** GET /nhi/api/v1/policies: every policy of the module with the organization's settings. */
export function listNhiPolicies(deps: { db: Database }): OperationHandler<'listNhiPolicies'> {
  return async (ctx) => ({ status: 200, body: { items: policyViews(await readPolicies(deps.db, requirePrincipal(ctx).orgId)) } });
}
