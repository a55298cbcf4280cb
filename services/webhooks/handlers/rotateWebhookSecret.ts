import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** POST /api/v1/webhooks/{id}/rotate: a new signing secret, shown this once; the previous one signs for 24 more hours. */
export function rotateWebhookSecret(deps: { endpoints: WebhookEndpoints }): OperationHandler<'rotateWebhookSecret'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const rotated = await deps.endpoints.rotateSecret(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.params.id);
    return { status: 200, body: rotated, headers: { 'cache-control': 'no-store' } };
  };
}
