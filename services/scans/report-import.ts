// Importing a report a pipeline already produced (POST /api/v1/scans/import): the report
// read off the request thread, the asset it is of, and the scan recorded with its results,
// which take the same topic and processor as a scanner's. An SBOM's components are matched
// by the built-in matcher first (sbom/sbom-import.ts).
import { readReportOffThread, ReportFormatError, type ParsedReport, type ReadReport, type ReportFormat } from '../findings/index.js';
import type { RequestOrigin } from '../platform/audit/identity-trail.js';
import type { Database } from '../platform/db/database.js';
import { validationFailed } from '../platform/errors.js';
import type { Principal } from '../platform/principal.js';
import type { ImageReference } from './image-reference.js';
import { recordScanResults, type ScannerOutcome } from './scan-results.js';
import { sbomOutcomes } from './sbom/sbom-import.js';
import { enabledKinds } from './scanner-settings.js';
import { assetKeyOf, createScan, parseImageOrRefuse, requesterOf } from './scans.js';
import type { AdvisoryData } from './sentinel-scanner/match-inventory.js';
import { softwareAssetName, type SoftwareAssetName } from './software-asset.js';

/** What the report is of: an image, or a named software asset. */
interface ImportedSubject {
  image?: string;
  software?: { name: string; version?: string };
}

/** The report parsed and normalized, off the request thread (a large one is tens of milliseconds); 400 when it cannot be read. */
export async function readImportedReport(format: ReportFormat, report: unknown, options: { digest: boolean }): Promise<ReadReport> {
  try {
    return await readReportOffThread(format, report, options);
  } catch (error) {
    if (error instanceof ReportFormatError) throw validationFailed(`report refused: ${error.message}`);
    throw error;
  }
}

/** The image the report is of, or the named software asset: exactly one of the two. */
export function importedAsset(subject: ImportedSubject): ImageReference | SoftwareAssetName {
  if (subject.software !== undefined) {
    if (subject.image !== undefined) throw validationFailed('name either the image or the software asset the report is of, not both');
    return softwareAssetName(subject.software.name, subject.software.version ?? null);
  }
  if (subject.image === undefined) throw validationFailed('name either the image or the software asset the report is of, not both');
  return parseImageOrRefuse(subject.image);
}

/** Records the imported scan and its results in one transaction; answers the scan's id. */
export async function recordImportedScan(
  db: Database,
  principal: Principal,
  imported: { reference: ImageReference | SoftwareAssetName; report: ParsedReport; origin: RequestOrigin; at: Date },
  advisories: AdvisoryData,
): Promise<string> {
  const outcomes = await outcomesOf(imported.report, advisories);
  return db.transaction(async (tx) => {
    const scan = await createScan(tx, principal.orgId, {
      reference: imported.reference,
      scanners: outcomes.map((outcome) => outcome.scanner),
      source: 'import',
      requester: requesterOf(principal),
      origin: imported.origin,
    });
    const kinds = await enabledKinds(tx, principal.orgId);
    await recordScanResults(tx, { orgId: principal.orgId, scanId: scan.id, assetId: scan.asset_id, assetKey: assetKeyOf(imported.reference), enabledKinds: kinds }, outcomes, imported.at);
    return scan.id;
  });
}

/** A scanner's report is its one outcome; an SBOM gives the built-in matcher's, and the document's own vulnerabilities beside it. */
async function outcomesOf(report: ParsedReport, advisories: AdvisoryData): Promise<ScannerOutcome[]> {
  if (report.sbom !== undefined) return sbomOutcomes(report, report.sbom, advisories);
  return [{ scanner: report.scanner, observations: report.observations, licences: report.licences, coveredKinds: report.coveredKinds, warnings: report.warnings }];
}
