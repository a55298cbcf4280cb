import type { OperationHandler } from '../../platform/http/handler.js';
import type { ScopeRegistry } from '../../platform/authorization/permissions.js';

/** GET /api/v1/api-keys/scopes: the grantable set, as the registry defines it; open to any signed-in person. */
export function listGrantableScopes(deps: { registry: ScopeRegistry }): OperationHandler<'listGrantableScopes'> {
  return async () => ({
    status: 200,
    body: { scopes: [...deps.registry.grantable].map(([name, description]) => ({ name, description })) },
  });
}
