// Records of the scanner-results topic and the rows they name, for tests that
// feed stream processors batches directly, as the log hands them over.
import type { ScannerObservationRecord, ScannerResult, ScannerResultRecord, Severity } from '../../services/findings/observation.js';
import type { Database } from '../../services/platform/db/database.js';
import type { ConsumedRecord } from '../../streams/log/stream-log.js';

/** A fresh organization with one tag-referenced asset. */
export async function tenantWithAsset(db: Database): Promise<{ orgId: string; assetId: string }> {
  const org = await db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('processor test') RETURNING id");
  const orgId = org.rows[0]!.id;
  const asset = await db.query<{ id: string }>(
    "INSERT INTO assets (org_id, reference, registry, repository, tag, pinned) VALUES ($1, 'r.example.com/a:1', 'r.example.com', 'a', '1', false) RETURNING id",
    [orgId],
  );
  return { orgId, assetId: asset.rows[0]!.id };
}

/** A scan of the asset in state running, as a worker or an import leaves it until its results are applied. */
export async function runningScan(db: Database, orgId: string, assetId: string): Promise<string> {
  const scan = await db.query<{ id: string }>(
    "INSERT INTO scans (org_id, asset_id, image, scanners, source, state, started_at) VALUES ($1, $2, 'r.example.com/a:1', '{trivy}', 'scan', 'running', now()) RETURNING id",
    [orgId, assetId],
  );
  return scan.rows[0]!.id;
}

/** An observation of a vulnerability; the component is named after the fingerprint unless overridden. */
export const sighting = (
  orgId: string,
  assetId: string,
  scanId: string,
  fingerprint: string,
  severity: Severity = 'high',
  overrides: Partial<ScannerObservationRecord> = {},
): ScannerResult => ({
  observation: {
    org_id: orgId,
    scan_id: scanId,
    asset_id: assetId,
    scanner: 'trivy',
    observed_at: 0,
    fingerprint,
    kind: 'vulnerability',
    identifier: 'CVE-2024-0001',
    severity,
    fixability: 'unknown',
    component_ecosystem: 'debian',
    component_name: fingerprint,
    component_version: '1',
    install_path: null,
    target: null,
    title: null,
    detail_json: '{"fixed_version":null}',
    ...overrides,
  },
  completion: null,
});

/** Several observations of one scan in one record, as producers write them. */
export const sightings = (...sighted: ScannerResult[]): ScannerResultRecord => ({ observations: sighted.map((result) => result.observation!), completion: null });

export const completion = (orgId: string, assetId: string, scanId: string, status: 'success' | 'partial' = 'success'): ScannerResult => ({
  observation: null,
  completion: { org_id: orgId, scan_id: scanId, asset_id: assetId, completed_scanners: ['trivy'], completed_kinds: ['vulnerability'], status, observation_count: 0, failure_reason: null, completed_at: Date.now() },
});

/** Wraps values as the log delivers them from one partition, each with the next offset. */
export function partitionRecords(): (key: string, value: ScannerResultRecord) => ConsumedRecord<ScannerResultRecord> {
  let offset = 0;
  return (key, value) => ({ topic: 'scanner-results', partition: 0, offset: String(offset++), key, value, headers: {} });
}
