import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Runs } from '../runs.js';

/** GET /nhi/api/v1/connectors/{connectorId}/synchronizations: newest first, cursor-paginated. */
export function listSynchronizations(deps: { runs: Runs }): OperationHandler<'listSynchronizations'> {
  return async (ctx) => ({ status: 200, body: await deps.runs.list(requirePrincipal(ctx).orgId, ctx.params.connectorId, ctx.query) });
}
