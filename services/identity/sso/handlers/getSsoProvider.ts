import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { ProviderService } from '../provider-service.js';

/** GET /api/v1/identity/sso/providers/{id}: one provider; another organization's is the same 404 as a missing one. */
export function getSsoProvider(deps: { providers: ProviderService }): OperationHandler<'getSsoProvider'> {
  return async (ctx) => ({ status: 200, body: await deps.providers.get(requirePrincipal(ctx).orgId, ctx.params.id) });
}
