import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import type { RegistryCredentials } from '../registry-credentials.js';

/** PATCH /api/v1/registry-credentials/{id}: replaces the username and/or rotates the secret; see registry-credentials.ts for the rules. */
export function updateRegistryCredential(deps: { credentials: RegistryCredentials }): OperationHandler<'updateRegistryCredential'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const manager = { userId: principal.userId, origin: originOfContext(ctx) };
    return { status: 200, body: await deps.credentials.update(principal.orgId, manager, ctx.params.id, ctx.body) };
  };
}
