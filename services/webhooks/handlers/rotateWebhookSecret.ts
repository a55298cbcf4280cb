import type { OperationHandler } from '../../http/handler.js';
import { requirePrincipal } from '../../http/handler.js';
import { originOfContext } from '../../accounts/identity-audit.js';
import { asUser } from '../../accounts/principal.js';
import type { WebhookEndpoints } from '../endpoints.js';

/** POST /api/v1/webhooks/{id}/rotate: a new signing secret, shown this once; the previous one signs for 24 more hours. */
export function rotateWebhookSecret(deps: { endpoints: WebhookEndpoints }): OperationHandler {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const rotated = await deps.endpoints.rotateSecret(principal.orgId, { userId: principal.userId, origin: originOfContext(ctx) }, ctx.params.id!);
    return { status: 200, body: rotated, headers: { 'cache-control': 'no-store' } };
  };
}
