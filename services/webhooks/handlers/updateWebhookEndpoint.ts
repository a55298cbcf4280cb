import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** PATCH /api/v1/webhooks/{id}: changes the URL, the subscriptions and/or the enabled state; see services/webhooks/endpoints.ts for the rules. */
export function updateWebhookEndpoint(deps: { endpoints: WebhookEndpoints }): OperationHandler<'updateWebhookEndpoint'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const manager = { userId: principal.userId, origin: originOfContext(ctx) };
    return { status: 200, body: await deps.endpoints.update(principal.orgId, manager, ctx.params.id, ctx.body) };
  };
}
