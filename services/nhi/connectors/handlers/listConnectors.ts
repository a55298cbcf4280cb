import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Connectors } from '../connectors.js';

/** GET /nhi/api/v1/connectors: newest first by creation, cursor-paginated. */
export function listConnectors(deps: { connectors: Connectors }): OperationHandler<'listConnectors'> {
  return async (ctx) => ({ status: 200, body: await deps.connectors.list(requirePrincipal(ctx).orgId, ctx.query) });
}
