import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** DELETE /api/v1/webhooks/{id}: deletes the endpoint and its delivery history. */
export function deleteWebhookEndpoint(deps: { endpoints: WebhookEndpoints }): OperationHandler<'deleteWebhookEndpoint'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    await deps.endpoints.delete(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 204 };
  };
}
