import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { auditContextOf } from '../audit-trail.js';
import { DEFAULT_EVIDENCE_WINDOW, exportEvidence } from '../evidence.js';

/** GET /nhi/api/v1/audit/evidence: a window of the chain as a package, its export recorded (exportEvidence). */
export function exportAuditEvidence(deps: { db: Database; now: () => Date }): OperationHandler<'exportAuditEvidence'> {
  return async (ctx) => {
    const { from, to, start, limit } = ctx.query;
    // The document admits a limit of 1 to 5,000 (MAX_EVIDENCE_WINDOW).
    const window = { from: from ?? null, to: to ?? null, start: start ?? null, limit: limit ?? DEFAULT_EVIDENCE_WINDOW };
    const evidence = await exportEvidence(deps.db, auditContextOf(ctx), window, deps.now());
    if (!evidence) throw notFound();
    return { status: 200, body: evidence };
  };
}
