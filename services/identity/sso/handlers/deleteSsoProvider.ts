import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { ProviderService } from '../provider-service.js';

/** DELETE /api/v1/identity/sso/providers/{id}: removes the provider with its pending sign-ins and SSO groups. */
export function deleteSsoProvider(deps: { providers: ProviderService }): OperationHandler<'deleteSsoProvider'> {
  return async (ctx) => {
    await deps.providers.remove({ principal: requirePrincipal(ctx), origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
