// Findings (spec 2.4-2.6, 4.2): one row per issue per asset, their timelines,
// triage and suppression, the report parsers, and the stream processor that
// applies scanner results. Scans, policies and verdicts read its types and
// ingest state through this entry; VEX imports triage and suppress through it.
import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { CapabilityModule } from '../platform/module.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { createEstimateCache } from '../platform/pagination/estimate-cache.js';
import { bulkUpdateFindings } from './handlers/bulkUpdateFindings.js';
import { getFinding } from './handlers/getFinding.js';
import { listAssetFindings } from './handlers/listAssetFindings.js';
import { listFindingEvents } from './handlers/listFindingEvents.js';
import { listFindings } from './handlers/listFindings.js';
import { updateFinding } from './handlers/updateFinding.js';
import { findingsProcessor } from './processors/findings-processor.js';
import { createSuppressionExpirySweep } from './workers/suppression-expiry.js';

export { dedupeObservations } from './fingerprint.js';
export { normalizeInstallPath, osFamily } from './normalize.js';
export { checkScannerRecords, isFinalScanState, loadIngestScans, type IngestScan } from './ingest.js';
export {
  toScannerObservationRecord,
  chunkObservations,
  emptyDetail,
  observationKinds,
  severities,
  type Fixability,
  type LicenceRecord,
  type Observation,
  type ObservationKind,
  type ParsedReport,
  type ReportWarning,
  type ScanCompletionRecord,
  type ScannerObservationRecord,
  type ScannerResultRecord,
  type Severity,
} from './observation.js';
export {
  decidedFindingsOfAsset,
  findingsOfAdvisories,
  findingStatuses,
  listFilter,
  newestTimelineEntry,
  severityRankOrder,
  type FindingStatus,
  type FindingSubject,
} from './findings.js';
export {
  applyStatusChange,
  isLegalMove,
  recordStatementNotes,
  type ChangeActor,
  type ExpectedStatus,
  type FindingEventSource,
  type StatementNote,
  type StatusChange,
  type TriageStatus,
} from './triage.js';
export {
  parseReport,
  parseTrivyReport,
  readReportOffThread,
  ReportFormatError,
  SBOM_LIMITS,
  type DeclaredComponent,
  type DeclaredInventory,
  type DeclaredVulnerability,
  type ReadReport,
  type ReportFormat,
  type SbomFormat,
} from './reports/index.js';

export function createFindingsModule(deps: { db: Database; codec: CursorCodec; logger: Logger }): CapabilityModule {
  const { db, codec } = deps;
  // A listing's size is asked of the planner once a minute at most per organization, listing and filters (docs/decisions/scans-and-findings.md, "The findings listing").
  const estimates = createEstimateCache({ ttlMs: 60_000, maxEntries: 10_000 });
  return {
    name: 'findings',
    handlers: {
      listFindings: listFindings({ db, codec, estimates }),
      getFinding: getFinding({ db }),
      listFindingEvents: listFindingEvents({ db, codec }),
      listAssetFindings: listAssetFindings({ db, codec, estimates }),
      updateFinding: updateFinding({ db }),
      bulkUpdateFindings: bulkUpdateFindings({ db }),
    },
    workers: () => [createSuppressionExpirySweep({ db, logger: deps.logger.child({ component: 'suppression-expiry' }) })],
    processors: () => [findingsProcessor({ db, logger: deps.logger.child({ component: 'findings-processor' }) })],
  };
}
