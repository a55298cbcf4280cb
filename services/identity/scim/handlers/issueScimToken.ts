import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import { issueDirectoryToken } from '../token-service.js';

/** POST /api/v1/identity/scim-tokens: an owner issues a directory token; the response is the only time it is shown. */
export function issueScimToken(deps: { db: Database }): OperationHandler<'issueScimToken'> {
  return async (ctx) => {
    const { name } = ctx.body;
    const issued = await issueDirectoryToken(deps.db, { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) }, name.trim());
    return { status: 201, body: issued, headers: { 'cache-control': 'no-store' } };
  };
}
