import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** POST /api/v1/webhooks: registers an endpoint; the response is the only time its signing secret is shown. */
export function createWebhookEndpoint(deps: { endpoints: WebhookEndpoints }): OperationHandler<'createWebhookEndpoint'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const created = await deps.endpoints.create(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.body);
    return { status: 201, body: created, headers: { 'cache-control': 'no-store' } };
  };
}
