import type { Database } from '../../../platform/db/database.js';
import { requirePrincipal, type OperationHandler } from '../../../platform/http/handler.js';
import { credentialOf } from '../../../platform/principal.js';
import { auditContextOf } from '../../audit/index.js';
import { decide } from '../decisions.js';

/** POST /nhi/api/v1/runtime/decisions: allow or deny, always 200, every answer logged (nhi-runtime:decide, API keys and workloads too). */
export function decideRuntimeAccess(deps: { db: Database; now: () => Date }): OperationHandler<'decideRuntimeAccess'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const caller = { orgId: principal.orgId, credential: credentialOf(principal), audit: auditContextOf(ctx) };
    return { status: 200, body: await decide(deps.db, caller, ctx.body, deps.now()) };
  };
}
