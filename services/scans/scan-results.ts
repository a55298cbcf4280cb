// Turns what scanners reported for one scan into records on the scanner-results
// topic (through the outbox, in the caller's transaction) and into the asset's
// licence inventory. Shared by the scan worker and report import, so a scan and an
// imported report travel the same topic and processor.
import type { components } from '../../api/openapi.js';
import { appendRecordsToOutbox } from '../../streams/outbox.js';
import { topics } from '../../streams/topics.js';
import {
  chunkObservations,
  dedupeObservations,
  toScannerObservationRecord,
  type LicenceRecord,
  type Observation,
  type ObservationKind,
  type ReportWarning,
  type ScanCompletionRecord,
  type ScannerObservationRecord,
  type ScannerResultRecord,
} from '../findings/index.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { replaceAssetInventory, type AssetInventory } from './sbom/asset-inventory.js';

export interface ScannerOutcome {
  scanner: string;
  /** Absent when the scanner failed; then `failure` says why. */
  observations?: Observation[];
  licences?: LicenceRecord[];
  /** The kinds this scanner looked for completely (absence of a finding of these kinds is evidence). */
  coveredKinds?: ObservationKind[];
  /** What reading the scanner's report changed or left out. */
  warnings?: ReportWarning[];
  /** The built-in scanner: the advisory data it matched against. */
  advisoryData?: AdvisoryDataUsed[];
  /** The components the scanner read (the built-in scanner, an imported SBOM): the asset's inventory once the scan succeeds. */
  inventory?: AssetInventory;
  failure?: string;
}

/** The advisory data a built-in scan matched against, per OSV ecosystem: an entry of the document's Scan.advisory_data. */
export type AdvisoryDataUsed = NonNullable<components['schemas']['Scan']['advisory_data']>[number];

interface ScanResultTarget {
  orgId: OrgId;
  scanId: string;
  assetId: string;
  /** Tenant-independent identity of the asset (assetIdentity), the fingerprint's asset part. */
  assetKey: string;
  /** The kinds the organization looks for; observations of other kinds are dropped. */
  enabledKinds: readonly ObservationKind[];
  /** A re-match of the stored inventory (continuous matching): the inventory and licences it read stay as they are. */
  keepsInventory?: boolean;
}

/**
 * Appends the scan's distinct issues (several to a record) and then the completion, and
 * records the scanners' warnings on the scan. The scan succeeded when every
 * scanner did; partial when some failed (it then resolves nothing); failed when
 * none produced a report.
 */
export async function recordScanResults(tx: Queryable, target: ScanResultTarget, outcomes: readonly ScannerOutcome[], now: Date): Promise<ScanCompletionRecord> {
  const enabled = new Set(target.enabledKinds);
  const succeeded = outcomes.filter((o) => o.failure === undefined);
  // One record per issue: the first scanner to report it names it.
  const seen = new Set<string>();
  const observations: ScannerObservationRecord[] = [];
  for (const outcome of succeeded) {
    for (const observation of dedupeObservations(target.assetKey, (outcome.observations ?? []).filter((o) => enabled.has(o.kind)))) {
      if (seen.has(observation.fingerprint)) continue;
      seen.add(observation.fingerprint);
      const envelope = {
        org_id: target.orgId,
        scan_id: target.scanId,
        asset_id: target.assetId,
        scanner: outcome.scanner,
        observed_at: now.getTime(),
        fingerprint: observation.fingerprint,
      };
      observations.push(toScannerObservationRecord(envelope, observation));
    }
  }
  const failures = outcomes.filter((o) => o.failure !== undefined);
  const coveredKinds = new Set(succeeded.flatMap((o) => o.coveredKinds ?? []));
  const completedKinds = [...coveredKinds].filter((kind) => enabled.has(kind));
  const completion: ScanCompletionRecord = {
    org_id: target.orgId,
    scan_id: target.scanId,
    asset_id: target.assetId,
    completed_scanners: succeeded.map((o) => o.scanner),
    completed_kinds: failures.length === 0 ? completedKinds : [],
    status: failures.length === 0 ? 'success' : succeeded.length > 0 ? 'partial' : 'failed',
    observation_count: observations.length,
    failure_reason: failures.length === 0 ? null : failures.map((o) => `${o.scanner}: ${o.failure}`).join('; '),
    completed_at: now.getTime(),
  };
  const records: ScannerResultRecord[] = [...chunkObservations(observations), { observation: null, completion }];
  await appendRecordsToOutbox(tx, target.orgId, topics.scannerResults, records);
  const kindWarnings = failures.length > 0 ? [] : coverageWarnings(target.enabledKinds, coveredKinds, succeeded);
  const advisoryData = succeeded.find((o) => o.advisoryData !== undefined)?.advisoryData;
  await tx.query('UPDATE scans SET warnings = $3::jsonb, advisory_data = $4::jsonb WHERE org_id = $1 AND id = $2', [
    target.orgId,
    target.scanId,
    JSON.stringify([...kindWarnings, ...succeeded.flatMap((o) => o.warnings ?? [])]),
    advisoryData === undefined ? null : JSON.stringify(advisoryData),
  ]);
  if (failures.length === 0 && target.keepsInventory !== true) {
    await replaceLicences(tx, target, succeeded.flatMap((o) => o.licences ?? []));
    const inventory = succeeded.find((o) => o.inventory !== undefined)?.inventory;
    if (inventory !== undefined) await replaceAssetInventory(tx, target, inventory);
  }
  return completion;
}

const kindNames: Record<ObservationKind, string> = { vulnerability: 'vulnerabilities', secret: 'secrets', misconfiguration: 'misconfigurations' };

/**
 * What the scan leaves as it was, said on the scan, first: each kind the organization
 * looks for that no scanner showed it looked for (its open findings stay open), and
 * each kind reported but switched off for the target (its findings are dropped).
 */
function coverageWarnings(enabledKinds: readonly ObservationKind[], coveredKinds: ReadonlySet<ObservationKind>, succeeded: readonly ScannerOutcome[]): ReportWarning[] {
  const scanners = succeeded.map((o) => o.scanner).join(', ');
  const notCovered = enabledKinds
    .filter((kind) => !coveredKinds.has(kind))
    .map((kind): ReportWarning => ({
      code: 'kind_not_covered',
      where: null,
      count: 1,
      message: `the report does not show that ${scanners} looked for ${kindNames[kind]}: none are resolved by this scan, open ${kindNames[kind]} stay open`,
    }));
  const dropped = new Map<ObservationKind, number>();
  for (const observation of succeeded.flatMap((o) => o.observations ?? [])) {
    if (!enabledKinds.includes(observation.kind)) dropped.set(observation.kind, (dropped.get(observation.kind) ?? 0) + 1);
  }
  const notEnabled = [...dropped].map(([kind, count]): ReportWarning => ({
    code: 'kind_not_enabled',
    where: null,
    count,
    message: `${count} ${kindNames[kind]} in the report not recorded: the organization does not look for ${kindNames[kind]} on container images (scanner settings)`,
  }));
  return [...notCovered, ...notEnabled];
}

// Licence data is not a finding (spec 2.5): the inventory holds what the latest
// successful scan of the asset reported.
async function replaceLicences(tx: Queryable, target: ScanResultTarget, licences: readonly LicenceRecord[]): Promise<void> {
  await tx.query('DELETE FROM asset_licenses WHERE org_id = $1 AND asset_id = $2', [target.orgId, target.assetId]);
  if (licences.length === 0) return;
  await tx.query(
    `INSERT INTO asset_licenses (org_id, asset_id, scan_id, license, package, version, ecosystem, path)
     SELECT $1, $2, $3, l.license, l.package, l.version, l.ecosystem, l.path
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS l (license, package, version, ecosystem, path)`,
    [
      target.orgId,
      target.assetId,
      target.scanId,
      licences.map((l) => l.licence),
      licences.map((l) => l.package),
      licences.map((l) => l.version),
      licences.map((l) => l.ecosystem),
      licences.map((l) => l.path),
    ],
  );
}
