import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import { revokeApiKeyOf } from '../api-key-service.js';

/** DELETE /api/v1/api-keys/{id}: idempotent revoke; a key the organization does not have is the standard 404. */
export function revokeApiKey(deps: { db: Database }): OperationHandler<'revokeApiKey'> {
  return async (ctx) => {
    await revokeApiKeyOf(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
