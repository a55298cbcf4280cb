import type { OperationHandler } from '../../../platform/http/handler.js';
import { callerOfContext } from '../caller.js';
import type { Connectors } from '../connectors.js';

/** POST /nhi/api/v1/connectors: a connector of one kind, its endpoint checked by the egress policy; audited as connector.created. */
export function createConnector(deps: { connectors: Connectors }): OperationHandler<'createConnector'> {
  return async (ctx) => ({ status: 201, body: await deps.connectors.create(callerOfContext(ctx), ctx.body) });
}
