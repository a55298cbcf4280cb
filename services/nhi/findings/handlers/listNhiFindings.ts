import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Findings } from '../findings.js';

/** GET /nhi/api/v1/findings: the module's findings, filtered by status, severity, policy and identity, cursor-paginated. */
export function listNhiFindings(deps: { findings: Findings }): OperationHandler<'listNhiFindings'> {
  return async (ctx) => ({ status: 200, body: await deps.findings.list(requirePrincipal(ctx).orgId, ctx.query) });
}
