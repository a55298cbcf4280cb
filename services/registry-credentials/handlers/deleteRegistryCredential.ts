import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import type { RegistryCredentials } from '../registry-credentials.js';

/** DELETE /api/v1/registry-credentials/{id}: scans of the registry run without a credential from now on. */
export function deleteRegistryCredential(deps: { credentials: RegistryCredentials }): OperationHandler<'deleteRegistryCredential'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    await deps.credentials.delete(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
