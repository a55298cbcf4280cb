import { authorizeRequest } from '../../platform/authorization/authorize-request.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { validationFailed } from '../../platform/errors.js';
import { createIdempotency } from '../../platform/idempotency/idempotency.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from '../../platform/idempotency/request.js';
import { bulkOutcomes, changeStatuses, suppressionChange, type BulkOutcome, type StatusChange } from '../triage.js';

/** Findings per request (spec 8 leaves it open; BulkFindingsRequest's maxItems in api/modules/findings.yaml says the same). */
export const BULK_CEILING = 1000;

interface BulkBody {
  action: 'triage' | 'suppress';
  finding_ids: string[];
  suppression?: { reason?: string; expires_at?: string };
  idempotency_key?: string;
}

const permissionOf = { triage: 'findings:write', suppress: 'findings:suppress' } as const;

/** The change the body asks for; one 400 for any request defect (spec 4.2), before any work. */
function requestedChange(body: BulkBody, now: Date): StatusChange {
  if (body.action === 'triage') {
    if (body.suppression !== undefined) throw validationFailed('suppression applies only to action suppress');
    return { to: 'triaged', reason: null, suppressedUntil: null };
  }
  return suppressionChange(body.suppression?.reason, body.suppression?.expires_at, now);
}

/**
 * POST /api/v1/findings/bulk: one transaction, one outcome per finding. With an
 * idempotency key, a retry answers the first response verbatim.
 */
export function bulkUpdateFindings(deps: { db: Database; now?: () => Date }): OperationHandler {
  const now = deps.now ?? (() => new Date());
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const body = ctx.body as BulkBody;
    const key = readIdempotencyKey(ctx.headers, body);
    const change = requestedChange(body, now());
    // Ids are compared as the database writes them, so one finding cannot be listed twice in two spellings.
    const findingIds = body.finding_ids.map((id) => id.toLowerCase());
    if (new Set(findingIds).size !== findingIds.length) throw validationFailed('finding_ids lists a finding more than once');
    await authorizeRequest(deps.db, ctx, permissionOf[body.action]);

    const execute = async () => {
      const results = await deps.db.transaction((tx) => changeStatuses(tx, principal.orgId, findingIds, change, { principal, requestId: ctx.requestId }));
      const counts = Object.fromEntries(bulkOutcomes.map((outcome) => [outcome, 0])) as Record<BulkOutcome, number>;
      for (const result of results) counts[result.outcome] += 1;
      return { status: 200, body: { action: body.action, counts, results } };
    };
    if (key === undefined) return execute();
    const idempotency = createIdempotency({ db: deps.db, log: ctx.log });
    const suppression = change.suppressedUntil && { reason: change.reason, expiresAt: change.suppressedUntil.toISOString() };
    const fingerprint = fingerprintRequest('bulkUpdateFindings', { action: body.action, findingIds, suppression });
    return toHandlerResult(await idempotency.run({ orgId: principal.orgId, key, fingerprint, execute }));
  };
}
