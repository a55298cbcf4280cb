import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** POST /api/v1/webhooks/deliveries/{id}/redeliver: queues the delivery's event again for its endpoint, as a new delivery. */
export function redeliverWebhook(deps: { endpoints: WebhookEndpoints }): OperationHandler<'redeliverWebhook'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const queued = await deps.endpoints.redeliver(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 202, body: queued };
  };
}
