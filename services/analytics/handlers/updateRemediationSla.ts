import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { Database } from '../../platform/db/database.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { replaceRemediationSla } from '../remediation-sla.js';

/**
 * PUT /api/v1/settings/remediation-sla: replaces the SLA days of every severity
 * (organization:manage, like the scanner settings); a change is audited.
 */
export function updateRemediationSla(deps: { db: Database }): OperationHandler<'updateRemediationSla'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const { sla_days: days } = ctx.body;
    const sla = await deps.db.transaction((tx) => replaceRemediationSla(tx, principal, originOfContext(ctx), days));
    return { status: 200, body: { sla_days: sla } };
  };
}
