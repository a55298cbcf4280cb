import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** GET /api/v1/webhooks: the acting organization's endpoints, oldest first, never their secrets. */
export function listWebhookEndpoints(deps: { endpoints: WebhookEndpoints }): OperationHandler<'listWebhookEndpoints'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { endpoints: await deps.endpoints.list(principal.orgId) } };
  };
}
