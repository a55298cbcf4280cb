import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import { revokeDirectoryTokenOf } from '../token-service.js';

/** DELETE /api/v1/identity/scim-tokens/{id}: idempotent revoke; the token is refused at once. */
export function revokeScimToken(deps: { db: Database }): OperationHandler<'revokeScimToken'> {
  return async (ctx) => {
    await revokeDirectoryTokenOf(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
