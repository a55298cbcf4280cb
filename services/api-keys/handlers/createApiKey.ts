import type { OperationHandler } from '../../http/handler.js';
import { requirePrincipal } from '../../http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext } from '../../accounts/identity-audit.js';
import type { ScopeRegistry } from '../../accounts/permissions.js';
import { asUser } from '../../accounts/principal.js';
import { parseTimestamp } from '../../accounts/timestamps.js';
import { issueApiKey } from '../api-key-service.js';

interface CreateApiKeyBody {
  name: string;
  scopes: string[];
  expires_at: string;
}

/** POST /api/v1/api-keys: issues a key; the response is the only time the key is shown. */
export function createApiKey(deps: { db: Database; registry: ScopeRegistry }): OperationHandler {
  return async (ctx) => {
    const body = ctx.body as CreateApiKeyBody;
    const created = await issueApiKey(
      deps.db,
      deps.registry,
      { principal: asUser(requirePrincipal(ctx)), origin: originOfContext(ctx) },
      { name: body.name.trim(), scopes: body.scopes, expiresAt: parseTimestamp('expires_at', body.expires_at) },
    );
    return { status: 201, body: created, headers: { 'cache-control': 'no-store' } };
  };
}
