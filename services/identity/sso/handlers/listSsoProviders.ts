import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { ProviderService } from '../provider-service.js';

/** GET /api/v1/identity/sso/providers: the organization's identity providers, oldest first. */
export function listSsoProviders(deps: { providers: ProviderService }): OperationHandler<'listSsoProviders'> {
  return async (ctx) => ({ status: 200, body: { providers: await deps.providers.list(requirePrincipal(ctx).orgId) } });
}
