import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { asUser } from '../../../platform/principal.js';
import { auditContextOf } from '../../audit/index.js';
import { changeFindingStatus } from '../status-changes.js';

/** PATCH /nhi/api/v1/findings/{findingId}: a person's status change (nhi-findings:triage); the audited ones in the module's trail. */
export function changeNhiFindingStatus(deps: { db: Database; now: () => Date }): OperationHandler<'changeNhiFindingStatus'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const caller = { orgId: principal.orgId, userId: principal.userId, audit: auditContextOf(ctx) };
    return { status: 200, body: await changeFindingStatus(deps.db, caller, ctx.params.findingId, ctx.body, deps.now()) };
  };
}
