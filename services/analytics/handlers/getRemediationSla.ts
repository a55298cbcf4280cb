import type { Database } from '../../platform/db/database.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { readRemediationSla } from '../remediation-sla.js';

/** GET /api/v1/settings/remediation-sla: the SLA days per severity, the defaults until the organization sets them. */
export function getRemediationSla(deps: { db: Database }): OperationHandler<'getRemediationSla'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { sla_days: await readRemediationSla(deps.db, principal.orgId) } };
  };
}
