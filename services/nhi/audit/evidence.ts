// Evidence export (spec 4.8, 8, 9) and its offline verification. A package is a
// manifest and a window of the organization's chain, in chain order; whoever holds
// it can recompute every link and digest without the database (`sentinel audit
// verify`). docs/audit-evidence.md describes the format for auditors.
import { createHash } from 'node:crypto';
import type { components } from '../../../api/openapi.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { firstBreak, jsonbText, type ChainBreak } from './canonical.js';
import { recordAudit, type AuditEntry } from './audit-trail.js';
import { walkChain } from './integrity.js';
import { chainRecordOf, chainRecordOfView, RECORD_COLUMNS, viewOf, type AuditRecord, type RecordRow } from './records.js';

export const EVIDENCE_FORMAT_VERSION = 'sentinel-nhi-audit-evidence/1';
export const DEFAULT_EVIDENCE_WINDOW = 1000;
export const MAX_EVIDENCE_WINDOW = 5000;

const VERIFICATION_INSTRUCTIONS = [
  'Run `sentinel audit verify <file>`, or check by hand (docs/audit-evidence.md):',
  '1. For each record in order, its canonical text is the JSON array [organization, id, actor.kind, actor.id, action, subject, result, occurred_at, source_address, correlation_id, detail, previous_digest] written as PostgreSQL writes jsonb: ", " between members, ": " after keys, object keys ordered by UTF-8 length then bytewise, strings escaped as JSON.',
  '2. Its digest must be the lowercase hex SHA-256 of the UTF-8 bytes of that text.',
  "3. The first record's previous_digest must equal manifest.chain_anchor (null when the window starts the chain), and each later record's previous_digest the digest of the record before it.",
  '4. manifest.records_digest must be the SHA-256 of the canonical text of the array of [id, previous_digest, digest] of every record, in order; record_count, first_record_id and last_record_id must match.',
  "5. The anchor itself is vouched for by the record before the window: compare it with that record's digest in the previous package or in the service.",
  '6. manifest.verified_at_export must be true: false means the chain was already broken, before or within the window, when the package was exported.',
].join('\n');

export interface EvidenceWindow {
  /** Only records at or after this time; null: from the start of the chain. */
  from: string | null;
  /** Only records before this time; null: to the end of the chain. */
  to: string | null;
  /** The record to start at (a previous package's resume_from); null: the first record of the window. */
  start: string | null;
  limit: number;
}

/** A package as the API answers it and `sentinel audit verify` reads it: the document's EvidencePackage. */
export type EvidencePackage = components['schemas']['EvidencePackage'];

/** SHA-256 over the exported records' chain values (step 4 of the instructions). */
export const recordsDigest = (records: readonly Pick<AuditRecord, 'id' | 'previous_digest' | 'digest'>[]): string =>
  createHash('sha256')
    .update(jsonbText(records.map((record) => [record.id, record.previous_digest, record.digest])), 'utf8')
    .digest('hex');

/**
 * Reads the window (one record beyond it tells whether it was truncated) and
 * assembles the package. Pass the transaction that also records the export.
 */
export async function assembleEvidence(q: Queryable, orgId: OrgId, exporter: AuditEntry['actor'], window: EvidenceWindow, now: Date): Promise<EvidencePackage | undefined> {
  let startSequence = 0;
  if (window.start !== null) {
    const { rows } = await q.query<{ sequence: string }>('SELECT sequence FROM nhi_audit_records WHERE org_id = $1 AND id = $2', [orgId, window.start]);
    // Another organization's record id is as unknown as a made-up one.
    if (!rows[0]) return undefined;
    startSequence = Number(rows[0].sequence);
  }
  const { rows } = await q.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM nhi_audit_records
      WHERE org_id = $1 AND sequence >= $2 AND ($3::timestamptz IS NULL OR occurred_at >= $3) AND ($4::timestamptz IS NULL OR occurred_at < $4)
      ORDER BY sequence LIMIT $5`,
    [orgId, startSequence, window.from, window.to, window.limit + 1],
  );
  const chain = rows.map(chainRecordOf);
  const exported = chain.slice(0, window.limit);
  const beyond = chain[window.limit];
  const [first, last] = [exported[0], exported.at(-1)];
  const records = exported.map(viewOf);
  const verified = last === undefined ? (await walkChain(q, orgId)).isIntact : (await walkChain(q, orgId, last.sequence)).isIntact;
  return {
    manifest: {
      format_version: EVIDENCE_FORMAT_VERSION,
      organization: orgId,
      exporter,
      exported_at: now.toISOString(),
      window,
      record_count: records.length,
      first_record_id: first?.id ?? null,
      last_record_id: last?.id ?? null,
      chain_anchor: first?.previousDigest ?? null,
      records_digest: recordsDigest(records),
      verified_at_export: verified,
      truncated: beyond !== undefined,
      resume_from: beyond?.id ?? null,
      verification_instructions: VERIFICATION_INSTRUCTIONS,
    },
    records,
  };
}

export interface PackageVerdict {
  isIntact: boolean;
  checked: number;
  /** Where it breaks: a record's chain break, or a manifest field that does not match the records. */
  firstBreak: (ChainBreak & { index: number }) | { manifestField: string; reason: string } | null;
}

/** Checks a package without the database: every record's link and digest, then the manifest's summary of them. */
export function verifyEvidencePackage(evidence: EvidencePackage): PackageVerdict {
  const { manifest, records } = evidence;
  const chain = records.map((record) => chainRecordOfView(manifest.organization, record));
  const broken = firstBreak(chain, manifest.chain_anchor);
  if (broken) {
    const index = chain.findIndex((record) => record.id === broken.recordId);
    return { isIntact: false, checked: index + 1, firstBreak: { ...broken, index } };
  }
  const mismatch = (manifestField: string, reason: string): PackageVerdict => ({ isIntact: false, checked: records.length, firstBreak: { manifestField, reason } });
  if (manifest.record_count !== records.length) return mismatch('record_count', `the manifest counts ${manifest.record_count} records, the package holds ${records.length}`);
  if (manifest.first_record_id !== (records[0]?.id ?? null)) return mismatch('first_record_id', 'the first record is not the one the manifest names');
  if (manifest.last_record_id !== (records.at(-1)?.id ?? null)) return mismatch('last_record_id', 'the last record is not the one the manifest names');
  if (manifest.records_digest !== recordsDigest(records)) return mismatch('records_digest', "the records' chain values do not match the manifest's digest of them");
  return { isIntact: true, checked: records.length, firstBreak: null };
}

/**
 * A window of the chain as a package, its export recorded (audit.evidence.exported) in
 * the transaction that reads the window: no package leaves without its record. The
 * record joins the chain after the window, so the next package holds it. Undefined when
 * the window starts at no record of the organization's.
 */
export async function exportEvidence(
  db: Database,
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>,
  window: EvidenceWindow,
  now: Date,
): Promise<EvidencePackage | undefined> {
  return db.transaction(async (tx) => {
    const assembled = await assembleEvidence(tx, audit.orgId, audit.actor, window, now);
    if (!assembled) return undefined;
    const { manifest } = assembled;
    await recordAudit(tx, {
      ...audit,
      action: 'audit.evidence.exported',
      subject: null,
      result: 'success',
      detail: {
        window,
        record_count: manifest.record_count,
        first_record_id: manifest.first_record_id,
        last_record_id: manifest.last_record_id,
        truncated: manifest.truncated,
        verified_at_export: manifest.verified_at_export,
      },
    });
    return assembled;
  });
}
