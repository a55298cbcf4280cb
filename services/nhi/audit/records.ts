// Reading the trail: the chain in order (integrity walk, evidence export) and the
// newest-first listing. occurred_at is read as the exact text the digest covers
// (UTC, microseconds); a JavaScript Date would lose the microseconds.
import type { components } from '../../../api/openapi.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import type { AuditActorKind } from './audit-trail.js';
import type { ChainRecord } from './canonical.js';

/** A record as the API shows it: the document's AuditRecord. */
export type AuditRecord = components['schemas']['AuditRecord'];

export const RECORD_COLUMNS = `id, org_id, sequence, actor_kind, actor_id, action, subject, result,
  to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at,
  source_address, correlation_id, detail, previous_digest, digest`;

/** A row as RECORD_COLUMNS reads it: the view's columns, with the actor in two and the organization. */
export type RecordRow = Omit<AuditRecord, 'actor' | 'sequence'> & { org_id: string; sequence: string | number; actor_kind: AuditActorKind; actor_id: string | null };

export const chainRecordOf = (row: RecordRow): ChainRecord => ({
  id: row.id,
  orgId: row.org_id,
  sequence: Number(row.sequence),
  actorKind: row.actor_kind,
  actorId: row.actor_id,
  action: row.action,
  subject: row.subject,
  result: row.result,
  occurredAt: row.occurred_at,
  sourceAddress: row.source_address,
  correlationId: row.correlation_id,
  detail: row.detail,
  previousDigest: row.previous_digest,
  digest: row.digest,
});

/** Up to `limit` records of the organization's chain after position `afterSequence`, in chain order. */
export async function readChain(q: Queryable, orgId: OrgId, afterSequence: number, limit: number): Promise<ChainRecord[]> {
  const { rows } = await q.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM nhi_audit_records WHERE org_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3`,
    [orgId, afterSequence, limit],
  );
  return rows.map(chainRecordOf);
}

export const viewOf = (record: ChainRecord): AuditRecord => ({
  id: record.id,
  sequence: record.sequence,
  actor: { kind: record.actorKind, id: record.actorId },
  action: record.action,
  subject: record.subject,
  result: record.result,
  occurred_at: record.occurredAt,
  source_address: record.sourceAddress,
  correlation_id: record.correlationId,
  detail: record.detail,
  previous_digest: record.previousDigest,
  digest: record.digest,
});

/** The record of a view, with the organization the view leaves out (an evidence package names it once, in its manifest). */
export const chainRecordOfView = (orgId: string, view: AuditRecord): ChainRecord => ({
  id: view.id,
  orgId,
  sequence: view.sequence,
  actorKind: view.actor.kind,
  actorId: view.actor.id,
  action: view.action,
  subject: view.subject,
  result: view.result,
  occurredAt: view.occurred_at,
  sourceAddress: view.source_address,
  correlationId: view.correlation_id,
  detail: view.detail,
  previousDigest: view.previous_digest,
  digest: view.digest,
});
