import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** GET /api/v1/webhooks/deliveries: the acting organization's deliveries, newest first, bounded by limit (clamped to 200). */
export function listWebhookDeliveries(deps: { endpoints: WebhookEndpoints }): OperationHandler<'listWebhookDeliveries'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: await deps.endpoints.listDeliveries(principal.orgId, ctx.query) };
  };
}
