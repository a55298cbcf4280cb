import { originOfContext } from '../../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { ProviderService } from '../provider-service.js';

/** POST /api/v1/identity/sso/providers: configures a provider (owners); the client secret is sealed and never answered. */
export function createSsoProvider(deps: { providers: ProviderService }): OperationHandler<'createSsoProvider'> {
  return async (ctx) => {
    const provider = await deps.providers.create({ principal: requirePrincipal(ctx), origin: originOfContext(ctx) }, ctx.body);
    return { status: 201, body: provider };
  };
}
