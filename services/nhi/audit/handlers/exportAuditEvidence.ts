import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { auditContextOf, recordAudit } from '../audit-trail.js';
import { assembleEvidence, DEFAULT_EVIDENCE_WINDOW, type EvidenceWindow } from '../evidence.js';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * GET /nhi/api/v1/audit/evidence: a window of the chain as a package. The export is
 * recorded (audit.evidence.exported) in the transaction that reads the window: no
 * package leaves without its record. The record joins the chain after the window, so
 * the next package holds it.
 */
export function exportAuditEvidence(deps: { db: Database; now: () => Date }): OperationHandler {
  return async (ctx) => {
    const audit = auditContextOf(ctx);
    const window: EvidenceWindow = {
      from: text(ctx.query.from),
      to: text(ctx.query.to),
      start: text(ctx.query.start),
      // The document admits 1 to 5,000 (MAX_EVIDENCE_WINDOW).
      limit: ctx.query.limit === undefined ? DEFAULT_EVIDENCE_WINDOW : Number(ctx.query.limit),
    };
    const evidence = await deps.db.transaction(async (tx) => {
      const assembled = await assembleEvidence(tx, audit.orgId, audit.actor, window, deps.now());
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
    if (!evidence) throw notFound();
    return { status: 200, body: evidence };
  };
}
