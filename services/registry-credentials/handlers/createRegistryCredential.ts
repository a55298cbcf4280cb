import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { asUser } from '../../platform/principal.js';
import type { RegistryCredentials } from '../registry-credentials.js';

/** POST /api/v1/registry-credentials: stores a credential for a registry; the secret is sealed and never returned. */
export function createRegistryCredential(deps: { credentials: RegistryCredentials }): OperationHandler<'createRegistryCredential'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const created = await deps.credentials.create(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.body);
    return { status: 201, body: created };
  };
}
