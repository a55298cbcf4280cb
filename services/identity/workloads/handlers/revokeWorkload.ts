import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import { revokeWorkloadOf } from '../workload-service.js';

/** DELETE /api/v1/workloads/{id}: idempotent revoke; a workload the organization does not have is the standard 404. */
export function revokeWorkload(deps: { db: Database }): OperationHandler<'revokeWorkload'> {
  return async (ctx) => {
    await revokeWorkloadOf(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
