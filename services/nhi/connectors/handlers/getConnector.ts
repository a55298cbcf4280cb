import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Connectors } from '../connectors.js';

/** GET /nhi/api/v1/connectors/{connectorId}: one connector of the organization. */
export function getConnector(deps: { connectors: Connectors }): OperationHandler<'getConnector'> {
  return async (ctx) => ({ status: 200, body: await deps.connectors.get(requirePrincipal(ctx).orgId, ctx.params.connectorId) });
}
