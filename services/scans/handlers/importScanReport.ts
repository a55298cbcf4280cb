import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import { readReportOffThread, ReportFormatError, type ReadReport, type ReportFormat } from '../../findings/index.js';
import type { Database } from '../../platform/db/database.js';
import { validationFailed } from '../../platform/errors.js';
import { createIdempotency } from '../../platform/idempotency/idempotency.js';
import { fingerprintRequest, readIdempotencyKey, toHandlerResult } from '../../platform/idempotency/request.js';
import { assetIdentity } from '../image-reference.js';
import { recordScanResults } from '../scan-results.js';
import { enabledKinds } from '../scanner-settings.js';
import { createScan, getScan, parseImageOrRefuse, requesterOf, toScanView } from '../scans.js';

interface ImportBody {
  image: string;
  format: ReportFormat;
  report: unknown;
}

/**
 * POST /api/v1/scans/import: a report a pipeline already produced becomes a scan
 * whose results take the same topic and processor as a scanner's.
 */
export function importScanReport(deps: { db: Database; now?: () => Date }): OperationHandler {
  const now = deps.now ?? (() => new Date());
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const body = ctx.body as ImportBody;
    const key = readIdempotencyKey(ctx.headers, body);
    const reference = parseImageOrRefuse(body.image);
    let read: ReadReport;
    try {
      // Off the request thread: a large report is tens of milliseconds of parsing and digesting.
      read = await readReportOffThread(body.format, body.report, { digest: key !== undefined });
    } catch (error) {
      if (error instanceof ReportFormatError) throw validationFailed(`report refused: ${error.message}`);
      throw error;
    }
    const { report } = read;
    const execute = async () => {
      const scanId = await deps.db.transaction(async (tx) => {
        const scan = await createScan(tx, principal.orgId, { reference, scanners: [report.scanner], source: 'import', requester: requesterOf(principal), origin: originOfContext(ctx) });
        const kinds = await enabledKinds(tx, principal.orgId);
        await recordScanResults(
          tx,
          { orgId: principal.orgId, scanId: scan.id, assetId: scan.asset_id, assetKey: assetIdentity(reference), enabledKinds: kinds },
          [{ scanner: report.scanner, observations: report.observations, licences: report.licences, coveredKinds: report.coveredKinds, warnings: report.warnings }],
          now(),
        );
        return scan.id;
      });
      return { status: 202, body: toScanView(await getScan(deps.db, principal.orgId, scanId)) };
    };
    if (key === undefined) return execute();
    const idempotency = createIdempotency({ db: deps.db, log: ctx.log });
    const fingerprint = fingerprintRequest('importScanReport', { image: reference.canonical, format: body.format, report: read.digest });
    return toHandlerResult(await idempotency.run({ orgId: principal.orgId, key, fingerprint, execute }));
  };
}
