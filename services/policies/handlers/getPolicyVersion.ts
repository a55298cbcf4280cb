import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { getPolicyVersion as readVersion } from '../policies.js';

/** GET /api/v1/policies/{id}/versions/{version}: one version, by its number. */
export function getPolicyVersion(deps: { db: Database }): OperationHandler<'getPolicyVersion'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await readVersion(deps.db, principal.orgId, ctx.params.id, Number(ctx.params.version)) };
  };
}
