import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { Connectors } from '../connectors.js';

/** PATCH /nhi/api/v1/connectors/{connectorId}: the API-only settings; audited as connector.updated when something changed. */
export function updateConnector(deps: { connectors: Connectors }): OperationHandler<'updateConnector'> {
  return async (ctx) => ({ status: 200, body: await deps.connectors.update(callerOfContext(ctx), ctx.params.connectorId, ctx.body) });
}
