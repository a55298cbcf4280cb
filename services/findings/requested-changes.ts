// The status changes a request asks for, checked before anything is read (PATCH
// /findings/{id}, POST /findings/bulk), and carrying them out; the moves and their
// permissions are triage.ts's.
import type { Database, OrgId } from '../platform/db/database.js';
import { conflict, validationFailed } from '../platform/errors.js';
import type { FindingRow, FindingStatus } from './findings.js';
import { applyStatusChange, bulkOutcomes, changeStatuses, invalidTransition, isLegalMove, reasonOf, suppressionChange, type BulkOutcome, type ChangeActor, type StatusChange } from './triage.js';

// Statuses only the pipeline sets: asking for them is refused with the rule (spec 7 rule 5).
const pipelineOnly: Partial<Record<FindingStatus, string>> = {
  resolved: 'status resolved cannot be set: a finding is resolved only when a later scan of its asset no longer finds it',
  reopened: 'status reopened cannot be set: a finding is reopened only when a scan finds it again after it was resolved',
};

/** The change PATCH /findings/{id} asks for; 400 for a request defect, before anything is read. */
export function requestedChange(request: { status: FindingStatus; reason?: string; expires_at?: string }, now: Date): StatusChange {
  const refusal = pipelineOnly[request.status];
  if (refusal !== undefined) throw validationFailed(refusal);
  if (request.status === 'suppressed') return suppressionChange(request.reason, request.expires_at, now);
  if (request.expires_at !== undefined) throw validationFailed('expires_at applies only to status suppressed');
  return { to: request.status as StatusChange['to'], reason: reasonOf(request.reason), suppressedUntil: null };
}

/**
 * Moves one finding, read as `row`, with the change. The status it already has is a
 * success that records nothing; 409 when the finding changed while the request ran.
 */
export async function moveFinding(db: Database, orgId: OrgId, row: FindingRow, change: StatusChange, actor: ChangeActor): Promise<FindingRow> {
  if (row.status === change.to) return row;
  if (!isLegalMove(row.status, change.to)) throw invalidTransition(row.status, change.to);
  const [moved] = await db.transaction((tx) => applyStatusChange(tx, orgId, [{ id: row.id, from: row.status }], change, actor));
  if (moved === undefined) throw conflict('the finding changed while this request ran; read it again and retry');
  return moved;
}

/** The change POST /findings/bulk asks for; one 400 for any request defect (spec 4.2), before any work. */
export function requestedBulkChange(request: { action: 'triage' | 'suppress'; suppression?: { reason?: string; expires_at?: string } }, now: Date): StatusChange {
  if (request.action === 'triage') {
    if (request.suppression !== undefined) throw validationFailed('suppression applies only to action suppress');
    return { to: 'triaged', reason: null, suppressedUntil: null };
  }
  return suppressionChange(request.suppression?.reason, request.suppression?.expires_at, now);
}

/** The findings a bulk request names, as the database writes their ids, so one cannot be listed twice in two spellings; 400 when one is. */
export function bulkFindingIds(findingIds: readonly string[]): string[] {
  const normalized = findingIds.map((id) => id.toLowerCase());
  if (new Set(normalized).size !== normalized.length) throw validationFailed('finding_ids lists a finding more than once');
  return normalized;
}

/** One transaction, one outcome per finding, and how many of each. */
export async function changeMany(db: Database, orgId: OrgId, findingIds: readonly string[], change: StatusChange, actor: ChangeActor) {
  const results = await db.transaction((tx) => changeStatuses(tx, orgId, findingIds, change, actor));
  const counts = Object.fromEntries(bulkOutcomes.map((outcome) => [outcome, 0])) as Record<BulkOutcome, number>;
  for (const result of results) counts[result.outcome] += 1;
  return { counts, results };
}
