import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { ProviderService } from '../provider-service.js';

/** PATCH /api/v1/identity/sso/providers/{id}: changes what is sent; a change of nothing records nothing. */
export function updateSsoProvider(deps: { providers: ProviderService }): OperationHandler<'updateSsoProvider'> {
  return async (ctx) => {
    const provider = await deps.providers.update({ principal: requirePrincipal(ctx), origin: originOfContext(ctx) }, ctx.params.id, ctx.body);
    return { status: 200, body: provider };
  };
}
