import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Findings } from '../findings.js';

/** GET /nhi/api/v1/findings/{findingId}: one finding with its identity. */
export function getNhiFinding(deps: { findings: Findings }): OperationHandler<'getNhiFinding'> {
  return async (ctx) => ({ status: 200, body: await deps.findings.get(requirePrincipal(ctx).orgId, ctx.params.findingId) });
}
