import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { listApiKeys as list } from '../api-keys.js';

/** GET /api/v1/api-keys: the acting organization's keys, never the secrets. */
export function listApiKeys(deps: { db: Database }): OperationHandler<'listApiKeys'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { api_keys: await list(deps.db, principal.orgId) } };
  };
}
