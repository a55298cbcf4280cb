import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { RegistryCredentials } from '../registry-credentials.js';

/** GET /api/v1/registry-credentials: the acting organization's credentials with their status; never a secret. */
export function listRegistryCredentials(deps: { credentials: RegistryCredentials }): OperationHandler<'listRegistryCredentials'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { registry_credentials: await deps.credentials.list(principal.orgId) } };
  };
}
