import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { RegistryCredentials } from '../registry-credentials.js';

/** GET /api/v1/registry-credentials/{id}: one credential with its status; never its secret. */
export function getRegistryCredential(deps: { credentials: RegistryCredentials }): OperationHandler<'getRegistryCredential'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await deps.credentials.get(principal.orgId, ctx.params.id) };
  };
}
