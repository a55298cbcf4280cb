import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { RemediationReads } from '../records.js';

/** GET /nhi/api/v1/remediations: newest first by request, filtered by status and identity, cursor-paginated. */
export function listRemediations(deps: { reads: RemediationReads }): OperationHandler<'listRemediations'> {
  return async (ctx) => ({ status: 200, body: await deps.reads.list(requirePrincipal(ctx).orgId, ctx.query) });
}
