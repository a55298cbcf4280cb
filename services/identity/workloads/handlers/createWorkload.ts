import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { ScopeRegistry } from '../../../platform/authorization/permissions.js';
import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { parseTimestamp } from '../../../platform/http/timestamps.js';
import { asUser } from '../../../platform/principal.js';
import { delegateWorkload } from '../workload-service.js';

/**
 * POST /api/v1/workloads: a person delegates scopes to a new workload; the response is
 * the only time its credential is shown. The guard has already refused a machine
 * principal (x-delegates-authority), before consulting any permission.
 */
export function createWorkload(deps: { db: Database; registry: ScopeRegistry }): OperationHandler<'createWorkload'> {
  return async (ctx) => {
    const body = ctx.body;
    const created = await delegateWorkload(
      deps.db,
      deps.registry,
      { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) },
      { name: body.name.trim(), scopes: body.scopes, expiresAt: parseTimestamp('expires_at', body.expires_at) },
    );
    return { status: 201, body: created, headers: { 'cache-control': 'no-store' } };
  };
}
