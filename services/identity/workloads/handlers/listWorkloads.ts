import type { ScopeRegistry } from '../../../platform/authorization/permissions.js';
import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { listWorkloadViews } from '../workload-service.js';

/** GET /api/v1/workloads: the acting organization's workloads with their delegation and standing; never a credential. */
export function listWorkloads(deps: { db: Database; registry: ScopeRegistry }): OperationHandler<'listWorkloads'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { workloads: await listWorkloadViews(deps.db, principal.orgId, deps.registry) } };
  };
}
