import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { walkChain } from '../integrity.js';

/** GET /nhi/api/v1/audit/integrity: the walk's report; a broken chain is still 200, and the walk records nothing. */
export function getAuditIntegrity(deps: { db: Database }): OperationHandler<'getAuditIntegrity'> {
  return async (ctx) => ({ status: 200, body: await walkChain(deps.db, requirePrincipal(ctx).orgId) });
}
