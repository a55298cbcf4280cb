import { authorizeRequest } from '../../platform/authorization/authorize-request.js';
import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { createIdempotency } from '../../platform/idempotency/idempotency.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from '../../platform/idempotency/request.js';
import { bulkFindingIds, changeMany, requestedBulkChange } from '../requested-changes.js';

/** Findings per request (spec 8 leaves it open; BulkFindingsRequest's maxItems in api/modules/findings.yaml says the same). */
export const BULK_CEILING = 1000;

const permissionOf = { triage: 'findings:write', suppress: 'findings:suppress' } as const;

/** POST /api/v1/findings/bulk: one transaction, one outcome per finding. With an idempotency key, a retry answers the first response verbatim. */
export function bulkUpdateFindings(deps: { db: Database; now?: () => Date }): OperationHandler<'bulkUpdateFindings'> {
  const now = deps.now ?? (() => new Date());
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const { action, finding_ids: requested } = ctx.body;
    const key = readIdempotencyKey(ctx.headers, ctx.body);
    const change = requestedBulkChange(ctx.body, now());
    const findingIds = bulkFindingIds(requested);
    await authorizeRequest(deps.db, ctx, permissionOf[action]);
    const execute = async () => ({ status: 200 as const, body: { action, ...(await changeMany(deps.db, principal.orgId, findingIds, change, { principal, requestId: ctx.requestId })) } });
    if (key === undefined) return execute();
    const suppression = change.suppressedUntil && { reason: change.reason, expiresAt: change.suppressedUntil.toISOString() };
    const fingerprint = fingerprintRequest('bulkUpdateFindings', { action, findingIds, suppression });
    return toHandlerResult(await createIdempotency({ db: deps.db, log: ctx.log }).run({ orgId: principal.orgId, key, fingerprint, execute }));
  };
}
