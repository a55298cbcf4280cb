import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import { auditContextOf } from '../../audit/index.js';
import type { Runs } from '../runs.js';

/** POST /nhi/api/v1/connectors/{connectorId}/synchronizations: queues a run (connectors:manage, a person's). */
export function requestSynchronization(deps: { runs: Runs }): OperationHandler<'requestSynchronization'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const run = await deps.runs.request({ orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) }, ctx.params.connectorId);
    return { status: 202, body: run };
  };
}
