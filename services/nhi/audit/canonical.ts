// The canonical bytes of an audit record, outside the database: the offline verifier
// (`sentinel audit verify`) and the integrity walk recompute each record's digest
// from them. They must equal, byte for byte, what the trigger of migration 075
// digests: the UTF-8 of
//   jsonb_build_array(org_id, id, actor_kind, actor_id, action, subject, result,
//                     occurred_at, source_address, correlation_id, detail, previous_digest)::text
// PostgreSQL's text form of jsonb is reproduced here: ", " between members,
// ": " after a key, object keys ordered by their UTF-8 length and then bytewise,
// and strings escaped as JSON.stringify escapes them (docs/audit-evidence.md).
import { createHash } from 'node:crypto';
import type { components } from '../../../api/openapi.js';
import type { AuditActorKind, AuditResult } from './audit-trail.js';

/** The chain values of one record, as the trail stores and the evidence package carries them. */
export interface ChainRecord {
  id: string;
  orgId: string;
  sequence: number;
  actorKind: AuditActorKind;
  actorId: string | null;
  action: string;
  subject: string | null;
  result: AuditResult;
  /** UTC ISO text with microseconds: 2026-11-24T09:45:42.123456Z. */
  occurredAt: string;
  sourceAddress: string | null;
  correlationId: string | null;
  detail: Record<string, unknown>;
  previousDigest: string | null;
  digest: string;
}

const byLengthThenBytes = (a: string, b: string): number => {
  const [left, right] = [Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')];
  return left.length - right.length || Buffer.compare(left, right);
};

/** PostgreSQL's text form of a jsonb value (jsonb_out). */
export function jsonbText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort(byLengthThenBytes);
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbText((value as Record<string, unknown>)[key])}`).join(', ')}}`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`no jsonb form for a ${typeof value}`);
  return text;
}

/** The text whose UTF-8 bytes a record's digest covers. */
export function canonicalText(record: Omit<ChainRecord, 'digest' | 'sequence'>): string {
  return jsonbText([
    record.orgId,
    record.id,
    record.actorKind,
    record.actorId,
    record.action,
    record.subject,
    record.result,
    record.occurredAt,
    record.sourceAddress,
    record.correlationId,
    record.detail,
    record.previousDigest,
  ]);
}

/** SHA-256, lowercase hex, of the record's canonical bytes: what its digest must be. */
export const recomputedDigest = (record: Omit<ChainRecord, 'digest' | 'sequence'>): string =>
  createHash('sha256').update(canonicalText(record), 'utf8').digest('hex');

export const BROKEN_LINK = 'link to preceding record does not match';
export const BROKEN_DIGEST = "record's own digest does not match its content";

/** Where a chain breaks and why: the document's ChainBreak (null there when there is no break). */
export type ChainBreak = NonNullable<components['schemas']['ChainBreak']>;

/**
 * Checks records in chain order, every one of them: its link to the record before it
 * (to `anchor` for the first: NULL at the start of an organization's chain) and then
 * its own digest. Answers the first break, or null. Nothing is skipped: an attacker who
 * edits a middle record must break a link or a digest there (GHSA-672p-m5jq-mrh8).
 */
export function firstBreak(records: Iterable<ChainRecord>, anchor: string | null): ChainBreak | null {
  let expectedPrevious = anchor;
  for (const record of records) {
    if (record.previousDigest !== expectedPrevious) return { recordId: record.id, reason: BROKEN_LINK };
    if (recomputedDigest(record) !== record.digest) return { recordId: record.id, reason: BROKEN_DIGEST };
    expectedPrevious = record.digest;
  }
  return null;
}
