import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { ScopeRegistry } from '../../platform/authorization/permissions.js';
import { asUser } from '../../platform/principal.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';
import { issueApiKey } from '../api-key-service.js';

/** POST /api/v1/api-keys: issues a key; the response is the only time the key is shown. */
export function createApiKey(deps: { db: Database; registry: ScopeRegistry }): OperationHandler<'createApiKey'> {
  return async (ctx) => {
    const body = ctx.body;
    const created = await issueApiKey(
      deps.db,
      deps.registry,
      { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) },
      { name: body.name.trim(), scopes: body.scopes, expiresAt: parseTimestamp('expires_at', body.expires_at) },
    );
    return { status: 201, body: created, headers: { 'cache-control': 'no-store' } };
  };
}
