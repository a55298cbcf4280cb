import { originOfContext } from '../../platform/audit/identity-trail.js';
import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { createIdempotency } from '../../platform/idempotency/idempotency.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from '../../platform/idempotency/request.js';
import { importedAsset, readImportedReport, recordImportedScan } from '../report-import.js';
import { getScan, toScanView } from '../scans.js';
import type { AdvisoryData } from '../sentinel-scanner/match-inventory.js';

/** POST /api/v1/scans/import: a pipeline's report becomes a scan (report-import.ts); with an idempotency key, a retry answers the first response verbatim. */
export function importScanReport(deps: { db: Database; advisories: AdvisoryData; now?: () => Date }): OperationHandler<'importScanReport'> {
  const now = deps.now ?? (() => new Date());
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const body = ctx.body;
    const key = readIdempotencyKey(ctx.headers, body);
    const reference = importedAsset(body);
    const read = await readImportedReport(body.format, body.report, { digest: key !== undefined });
    const execute = async () => {
      const scanId = await recordImportedScan(deps.db, principal, { reference, report: read.report, origin: originOfContext(ctx), at: now() }, deps.advisories);
      return { status: 202 as const, body: toScanView(await getScan(deps.db, principal.orgId, scanId)) };
    };
    if (key === undefined) return execute();
    const fingerprint = fingerprintRequest('importScanReport', { image: reference.canonical, format: body.format, report: read.digest });
    return toHandlerResult(await createIdempotency({ db: deps.db, log: ctx.log }).run({ orgId: principal.orgId, key, fingerprint, execute }));
  };
}
