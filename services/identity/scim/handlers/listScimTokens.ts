import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { directoryTokenViews } from '../token-service.js';

/** GET /api/v1/identity/scim-tokens: the organization's directory tokens, newest first, revoked ones included; never a token. */
export function listScimTokens(deps: { db: Database }): OperationHandler<'listScimTokens'> {
  return async (ctx) => ({ status: 200, body: { scim_tokens: await directoryTokenViews(deps.db, requirePrincipal(ctx).orgId) } });
}
