import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** GET /api/v1/webhooks/{id}: one endpoint of the acting organization, never its secret; any other id is the standard 404. */
export function getWebhookEndpoint(deps: { endpoints: WebhookEndpoints }): OperationHandler<'getWebhookEndpoint'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await deps.endpoints.get(principal.orgId, ctx.params.id) };
  };
}
