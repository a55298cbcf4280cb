// Triage and suppression (spec 3.1): which moves a request may make on a finding,
// which permission each needs, and the one conditional write that makes them for
// PATCH /findings/{id} and POST /findings/bulk alike. resolved and reopened are
// the pipeline's alone (services/findings/ingest.ts).
import { appendEventsToOutbox } from '../../streams/outbox.js';
import { actorColumnsOf, eventActorOf, recordedActorOf, type Principal } from '../platform/principal.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { validationFailed, type AppError } from '../platform/errors.js';
import { findingColumns, findingRowReads, type FindingRow, type FindingStatus } from './findings.js';
import { findingEventPayload } from './timeline-events.js';

/** The statuses a request may move a finding to. */
export type TriageStatus = 'open' | 'triaged' | 'suppressed';

/**
 * The legal moves (docs/decisions/scans-and-findings.md, "Triage"). A suppression is lifted
 * back to open before anything else happens to the finding, and a resolved
 * finding moves only when a scan finds it again.
 */
const legalMoves: Record<FindingStatus, readonly TriageStatus[]> = {
  open: ['triaged', 'suppressed'],
  reopened: ['triaged', 'suppressed'],
  triaged: ['open', 'suppressed'],
  suppressed: ['open'],
  resolved: [],
};

export const isLegalMove = (from: FindingStatus, to: TriageStatus): boolean => legalMoves[from].includes(to);

export const invalidTransition = (from: FindingStatus, to: string): AppError => validationFailed(`invalid transition: a finding cannot move from ${from} to ${to}`);

/**
 * Entering or leaving suppression is a suppression decision (findings:suppress,
 * separate on purpose, spec 2.4); every other move is triage (findings:write).
 */
export function permissionFor(from: FindingStatus, to: TriageStatus): 'findings:write' | 'findings:suppress' {
  return from === 'suppressed' || to === 'suppressed' ? 'findings:suppress' : 'findings:write';
}

/** The longest a suppression may run: it is accepted risk, and accepted risk is reviewed at least yearly. */
const MAX_SUPPRESSION_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatusChange {
  to: TriageStatus;
  /** Why; recorded on every event. Required for a suppression and kept on the finding while it lasts. */
  reason: string | null;
  /** Set exactly when `to` is suppressed. */
  suppressedUntil: Date | null;
}

/** A blank reason is no reason. */
export const reasonOf = (text: string | undefined): string | null => (text?.trim() ? text.trim() : null);

/** A suppression as requested, checked: a reason, and an expiry in the future at most MAX_SUPPRESSION_DAYS ahead. */
export function suppressionChange(reason: string | undefined, expiresAt: string | undefined, now: Date): StatusChange {
  const why = reasonOf(reason);
  if (why === null) throw validationFailed('a suppression needs a reason');
  if (expiresAt === undefined) throw validationFailed('a suppression needs an expiry (expires_at)');
  const until = new Date(expiresAt);
  if (Number.isNaN(until.getTime())) throw validationFailed('expires_at is not a valid time');
  if (until.getTime() <= now.getTime()) throw validationFailed('expires_at must lie in the future');
  if (until.getTime() > now.getTime() + MAX_SUPPRESSION_DAYS * DAY_MS) throw validationFailed(`expires_at must lie at most ${MAX_SUPPRESSION_DAYS} days ahead`);
  return { to: 'suppressed', reason: why, suppressedUntil: until };
}

/** A finding and the status the caller read it in. */
export interface ExpectedStatus {
  id: string;
  from: FindingStatus;
}

/** The document behind a change a request made on its authority (a VEX import), kept on each timeline entry. */
export interface FindingEventSource {
  kind: 'vex';
  format: 'openvex' | 'cyclonedx';
  document_id: string;
  author: string | null;
  timestamp: string | null;
  /** The statement's status, in OpenVEX's words. */
  vex_status: 'not_affected' | 'affected' | 'fixed' | 'under_investigation';
}

export interface ChangeActor {
  principal: Principal;
  /** X-Request-ID, kept on each event. */
  requestId: string;
  /** Set when a document decided the change: the actor acted on its word. */
  source?: FindingEventSource;
}

/**
 * Moves each finding from the status its caller read to change.to, in one
 * statement. A finding no longer in the status read (a scan or another request
 * moved it meanwhile) is left alone and missing from the result: the caller's
 * conflict. Rows are locked in id order, so concurrent bulk changes over the same
 * findings queue behind each other instead of deadlocking. Each moved finding gets
 * a timeline event naming the actor (a machine with every user-id column NULL)
 * and a finding.status_changed domain event built from it (timeline-events.ts),
 * in the caller's transaction.
 */
export async function applyStatusChange(
  tx: Queryable,
  orgId: OrgId,
  expected: readonly ExpectedStatus[],
  change: StatusChange,
  actor: ChangeActor,
): Promise<Array<FindingRow & { from_status: FindingStatus }>> {
  if (expected.length === 0) return [];
  const who = eventActorOf(actor.principal);
  const columns = actorColumnsOf(recordedActorOf(actor.principal));
  const moved = await tx.query<FindingRow & { from_status: FindingStatus; event_payload: Record<string, unknown> }>(
    `WITH locked AS (
       SELECT f.id, f.status AS from_status
         FROM findings f JOIN unnest($2::uuid[], $3::text[]) AS i (id, expected) ON i.id = f.id
        WHERE f.org_id = $1 AND f.status = i.expected
        ORDER BY f.id
          FOR UPDATE OF f
     ),
     moved AS (
       UPDATE findings f
          SET status = $4, suppression_reason = CASE WHEN $4 = 'suppressed' THEN $5 END, suppressed_until = $6,
              updated_at = clock_timestamp()
         FROM locked
        WHERE f.org_id = $1 AND f.id = locked.id
       RETURNING f.*, locked.from_status
     ),
     events AS (
       INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, actor_kind, actor_user_id, actor_api_key_id,
                                   actor_workload_id, suppressed_by, reason, suppressed_until, request_id, severity, source)
       SELECT $1, id, 'status_changed', from_status, $4, $7, $8::uuid, $9::uuid, $11::uuid,
              CASE WHEN $4 = 'suppressed' THEN $8::uuid END, $5, $6, $10, severity, $12::jsonb
         FROM moved
       RETURNING *
     ),
     announced AS (
       SELECT e.finding_id, ${findingEventPayload('e', 'm')} AS event_payload FROM events e JOIN moved m ON m.id = e.finding_id
     )
     SELECT ${findingColumns}, from_status, event_payload FROM moved JOIN announced ON announced.finding_id = moved.id`,
    [
      orgId,
      expected.map((e) => e.id),
      expected.map((e) => e.from),
      change.to,
      change.reason,
      change.suppressedUntil,
      who.kind,
      columns.userId,
      columns.apiKeyId,
      actor.requestId,
      columns.workloadId,
      actor.source === undefined ? null : JSON.stringify(actor.source),
    ],
    findingRowReads,
  );
  await appendEventsToOutbox(
    tx,
    orgId,
    moved.rows.map((row) => ({ type: 'finding.status_changed', subjectId: row.id, actor: who, correlationId: actor.requestId, payload: row.event_payload })),
  );
  return moved.rows.map(({ event_payload: _announced, ...row }) => row);
}

/** A statement about a finding that leaves its status where it is, with the text it carries. */
export interface StatementNote {
  findingId: string;
  reason: string | null;
  source: FindingEventSource;
}

/**
 * Records each statement on its finding's timeline as a vex_statement entry
 * (from_status = to_status = the finding's status), naming the actor and the
 * document. No domain event: nothing about the finding changed, so the analytics
 * feed and webhooks have nothing to hear. A resolved finding takes no entry (the
 * caller leaves it out): its last entry must stay its resolution, which the scan
 * summaries read. Answers the ids recorded.
 */
export async function recordStatementNotes(tx: Queryable, orgId: OrgId, notes: readonly StatementNote[], actor: Omit<ChangeActor, 'source'>): Promise<string[]> {
  if (notes.length === 0) return [];
  const who = eventActorOf(actor.principal);
  const columns = actorColumnsOf(recordedActorOf(actor.principal));
  const recorded = await tx.query<{ finding_id: string }>(
    `INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, actor_kind, actor_user_id, actor_api_key_id,
                                 actor_workload_id, reason, request_id, severity, source)
     SELECT $1, f.id, 'vex_statement', f.status, f.status, $5, $6::uuid, $7::uuid, $8::uuid, n.reason, $9, f.severity, n.source::jsonb
       FROM unnest($2::uuid[], $3::text[], $4::text[]) AS n (finding_id, reason, source)
       JOIN findings f ON f.org_id = $1 AND f.id = n.finding_id
      WHERE f.status <> 'resolved'
     RETURNING finding_id`,
    [
      orgId,
      notes.map((note) => note.findingId),
      notes.map((note) => note.reason),
      notes.map((note) => JSON.stringify(note.source)),
      who.kind,
      columns.userId,
      columns.apiKeyId,
      columns.workloadId,
      actor.requestId,
    ],
  );
  return recorded.rows.map((row) => row.finding_id);
}

export const bulkOutcomes = ['applied', 'already_applied', 'not_found', 'invalid_transition', 'conflict'] as const;
export type BulkOutcome = (typeof bulkOutcomes)[number];

interface BulkItemResult {
  finding_id: string;
  outcome: BulkOutcome;
  /** The finding's status as the request left it; absent for not_found and conflict. */
  status?: FindingStatus;
}

/**
 * One outcome per finding id, in the order given. An id of another organization
 * is not found, exactly like one that never existed (spec 1.1 rule 3): the read
 * names the organization.
 */
export async function changeStatuses(tx: Queryable, orgId: OrgId, findingIds: readonly string[], change: StatusChange, actor: ChangeActor): Promise<BulkItemResult[]> {
  const found = await tx.query<{ id: string; status: FindingStatus }>('SELECT id, status FROM findings WHERE org_id = $1 AND id = ANY ($2::uuid[])', [orgId, findingIds]);
  const current = new Map(found.rows.map((row) => [row.id, row.status]));
  const movable = found.rows.filter((row) => isLegalMove(row.status, change.to)).map((row) => ({ id: row.id, from: row.status }));
  const moved = new Set((await applyStatusChange(tx, orgId, movable, change, actor)).map((row) => row.id));
  return findingIds.map((id): BulkItemResult => {
    const from = current.get(id);
    if (from === undefined) return { finding_id: id, outcome: 'not_found' };
    if (from === change.to) return { finding_id: id, outcome: 'already_applied', status: from };
    if (!isLegalMove(from, change.to)) return { finding_id: id, outcome: 'invalid_transition', status: from };
    return moved.has(id) ? { finding_id: id, outcome: 'applied', status: change.to } : { finding_id: id, outcome: 'conflict' };
  });
}
