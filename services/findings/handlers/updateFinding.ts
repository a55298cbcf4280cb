import { authorizeRequest } from '../../platform/authorization/authorize-request.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { conflict, validationFailed } from '../../platform/errors.js';
import { getFindingRow, toFindingView, type FindingStatus } from '../findings.js';
import { applyStatusChange, invalidTransition, isLegalMove, permissionFor, reasonOf, suppressionChange, type StatusChange } from '../triage.js';

interface UpdateFindingBody {
  status: FindingStatus;
  reason?: string;
  expires_at?: string;
}

// Statuses only the pipeline sets: asking for them is refused with the rule (spec 7 rule 5).
const pipelineOnly: Partial<Record<FindingStatus, string>> = {
  resolved: 'status resolved cannot be set: a finding is resolved only when a later scan of its asset no longer finds it',
  reopened: 'status reopened cannot be set: a finding is reopened only when a scan finds it again after it was resolved',
};

/** The change the body asks for; 400 for a request defect, before anything is read. */
function requestedChange(body: UpdateFindingBody, now: Date): StatusChange {
  const refusal = pipelineOnly[body.status];
  if (refusal !== undefined) throw validationFailed(refusal);
  if (body.status === 'suppressed') return suppressionChange(body.reason, body.expires_at, now);
  if (body.expires_at !== undefined) throw validationFailed('expires_at applies only to status suppressed');
  return { to: body.status as StatusChange['to'], reason: reasonOf(body.reason), suppressedUntil: null };
}

/**
 * PATCH /api/v1/findings/{id}: moves one finding (see services/findings/triage.ts
 * for the moves and their permissions). The status it already has is a success
 * that records nothing.
 */
export function updateFinding(deps: { db: Database; now?: () => Date }): OperationHandler {
  const now = deps.now ?? (() => new Date());
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const change = requestedChange(ctx.body as UpdateFindingBody, now());
    const row = await getFindingRow(deps.db, principal.orgId, ctx.params.id!);
    await authorizeRequest(deps.db, ctx, permissionFor(row.status, change.to));
    if (row.status === change.to) return { status: 200, body: toFindingView(row) };
    if (!isLegalMove(row.status, change.to)) throw invalidTransition(row.status, change.to);
    const [moved] = await deps.db.transaction((tx) =>
      applyStatusChange(tx, principal.orgId, [{ id: row.id, from: row.status }], change, { principal, requestId: ctx.requestId }),
    );
    if (moved === undefined) throw conflict('the finding changed while this request ran; read it again and retry');
    return { status: 200, body: toFindingView(moved) };
  };
}
