import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Runs } from '../runs.js';

/** GET /nhi/api/v1/connectors/{connectorId}/synchronizations/{runId}: one run of the connector. */
export function getSynchronization(deps: { runs: Runs }): OperationHandler<'getSynchronization'> {
  return async (ctx) => ({ status: 200, body: await deps.runs.get(requirePrincipal(ctx).orgId, ctx.params.connectorId, ctx.params.runId) });
}
