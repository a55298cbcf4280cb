import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { Connectors } from '../connectors.js';

/** DELETE /nhi/api/v1/connectors/{connectorId}: audited as connector.deleted. */
export function deleteConnector(deps: { connectors: Connectors }): OperationHandler<'deleteConnector'> {
  return async (ctx) => {
    await deps.connectors.delete(callerOfContext(ctx), ctx.params.connectorId);
    return { status: 204 };
  };
}
