// The normalized record a scanner adapter emits for each issue it sees, and its
// form on the scanner-results stream (schemas/scanner-result.avsc).
// Parsers in ./reports produce these; the findings pipeline keys them with
// ./fingerprint.ts and folds them into finding rows (spec 2.5).
import type { components } from '../../api/openapi.js';
import type { DeclaredInventory } from './reports/sbom-document.js';

export const observationKinds = ['vulnerability', 'secret', 'misconfiguration'] as const;
export type ObservationKind = (typeof observationKinds)[number];

/** Ordered worst first. unknown means the evidence does not establish a severity; it is never treated as low. */
export const severities = ['critical', 'high', 'medium', 'low', 'none', 'unknown'] as const;
export type Severity = (typeof severities)[number];

export const fixabilities = ['fixable', 'unfixable', 'unknown'] as const;
export type Fixability = (typeof fixabilities)[number];

export interface Component {
  /** Lower-case ecosystem: the OS family for OS packages (alpine, debian, redhat…), the purl type for language packages (npm, pypi, maven, gem, golang…). */
  ecosystem: string;
  name: string;
  version: string | null;
}

export interface LineRange {
  start: number;
  end: number;
}

/**
 * Evidence about one observation. Nothing here defines the issue except
 * match_redacted (secrets) and cause (misconfigurations); see fingerprint.ts.
 * Every key is always present, null when the scanner did not say.
 */
export interface ObservationDetail {
  fixed_version: string | null;
  installed_version: string | null;
  cvss_vector: string | null;
  cvss_score: number | null;
  /** ISO 8601 timestamps of the advisory. */
  published_at: string | null;
  modified_at: string | null;
  /** The scanner's own word on fix status (Trivy Status, Grype fix.state), kept verbatim. */
  scanner_status: string | null;
  /** Other identifiers of the same advisory (a GHSA beside its CVE). */
  aliases: string[];
  /** Where the vulnerability was reported from when it is not a scanner's own match: an imported SBOM's vulnerability section and the source it names (cyclonedx: ghsa). */
  reported_by: string | null;
  primary_url: string | null;
  /** Secret and misconfiguration: the rule or check id as the scanner wrote it. */
  rule: string | null;
  file: string | null;
  line: LineRange | null;
  /** The check's own remediation text. */
  resolution: string | null;
  /** Misconfiguration: the resource or rendered message the check failed on. */
  cause: string | null;
  /** Secret: the matched text with the secret masked; never the secret itself. */
  match_redacted: string | null;
}

interface ObservationCommon {
  /** Advisory id (vulnerability), rule id (secret) or check id (misconfiguration). */
  identifier: string;
  severity: Severity;
  fixability: Fixability;
  title: string | null;
  detail: ObservationDetail;
}

export interface VulnerabilityObservation extends ObservationCommon {
  kind: 'vulnerability';
  component: Component;
  /** Where the package is installed or declared; null for OS packages. */
  install_path: string | null;
  target: null;
}

export interface SecretObservation extends ObservationCommon {
  kind: 'secret';
  component: null;
  install_path: null;
  /** The file the secret is in. */
  target: string;
}

export interface MisconfigurationObservation extends ObservationCommon {
  kind: 'misconfiguration';
  component: null;
  install_path: null;
  /** The file or resource the check ran on. */
  target: string;
}

/** Same fields for every kind; the kind decides which of component, install_path and target are set. */
export type Observation = VulnerabilityObservation | SecretObservation | MisconfigurationObservation;

/** Licence data is not a finding (spec 2.5): parsers return it beside the observations. */
export interface LicenceRecord {
  /** Null for a licence found in a loose file rather than in a package. */
  package: string | null;
  version: string | null;
  ecosystem: string | null;
  licence: string;
  path: string | null;
}

/** What reading a report changed or left out; a scan lists them: the document's ScanWarning. */
export type ReportWarning = components['schemas']['ScanWarning'];

/** What every report parser returns. */
export interface ParsedReport {
  scanner: string;
  /** What the scanner scanned, as the report names it (image reference, repository path…). */
  artifact?: string;
  observations: Observation[];
  licences: LicenceRecord[];
  warnings: ReportWarning[];
  /**
   * The kinds the report itself shows were looked for (each parser says how its
   * format shows it). Only their absence is evidence: a kind the report cannot
   * show was scanned resolves nothing.
   */
  coveredKinds: ObservationKind[];
  /** SBOM formats: the components and vulnerabilities the document declares (the scans capability matches them). */
  sbom?: DeclaredInventory;
}

export function emptyDetail(): ObservationDetail {
  return {
    fixed_version: null,
    installed_version: null,
    cvss_vector: null,
    cvss_score: null,
    published_at: null,
    modified_at: null,
    scanner_status: null,
    aliases: [],
    reported_by: null,
    primary_url: null,
    rule: null,
    file: null,
    line: null,
    resolution: null,
    cause: null,
    match_redacted: null,
  };
}

/** Envelope fields a producer adds to an observation to put it on the stream. */
interface ObservationEnvelope {
  org_id: string;
  scan_id: string;
  asset_id: string;
  scanner: string;
  /** Milliseconds since the epoch. */
  observed_at: number;
  fingerprint: string;
}

/** An observation on the scanner-results topic; mirrors ScannerObservation in schemas/scanner-result.avsc field for field. */
export interface ScannerObservationRecord extends ObservationEnvelope {
  kind: ObservationKind;
  identifier: string;
  severity: Severity;
  fixability: Fixability;
  component_ecosystem: string | null;
  component_name: string | null;
  component_version: string | null;
  install_path: string | null;
  target: string | null;
  title: string | null;
  detail_json: string;
}

export function toScannerObservationRecord(envelope: ObservationEnvelope, observation: Observation): ScannerObservationRecord {
  return {
    ...envelope,
    kind: observation.kind,
    identifier: observation.identifier,
    severity: observation.severity,
    fixability: observation.fixability,
    component_ecosystem: observation.component?.ecosystem ?? null,
    component_name: observation.component?.name ?? null,
    component_version: observation.component?.version ?? null,
    install_path: observation.install_path,
    target: observation.target,
    title: observation.title,
    detail_json: JSON.stringify(observation.detail),
  };
}

/** The completion on the scanner-results topic that ends a scan; mirrors ScanCompletion in schemas/scanner-result.avsc. */
export interface ScanCompletionRecord {
  org_id: string;
  scan_id: string;
  asset_id: string;
  completed_scanners: string[];
  /**
   * Kinds the scan covered completely. Resolution by absence may only touch
   * findings of these kinds: a kind that was not scanned says nothing about absence.
   */
  completed_kinds: ObservationKind[];
  status: 'success' | 'failed' | 'partial';
  observation_count: number;
  failure_reason: string | null;
  completed_at: number;
}

/** One result of a scan as consumers apply it: an observation or the completion, exactly one set. */
export type ScannerResult = { observation: ScannerObservationRecord; completion: null } | { observation: null; completion: ScanCompletionRecord };

/**
 * One value of the scanner-results topic: some observations of one scan, or its
 * completion. `observation` (one observation a record) is what earlier releases
 * wrote; records of that form may still be in the log and are read alike.
 */
export type ScannerResultRecord =
  | { observations: ScannerObservationRecord[]; observation?: null; completion: null }
  | (ScannerResult & { observations?: null });

/** The results a record carries, in order: each of its observations, or its completion. */
export function scannerResultsOf(record: ScannerResultRecord): ScannerResult[] {
  if (record.observations) return record.observations.map((observation) => ({ observation, completion: null }));
  if (record.observation) return [{ observation: record.observation, completion: null }];
  return record.completion ? [{ observation: null, completion: record.completion }] : [];
}

/** The scan a record is about, as it names it (every observation of a record belongs to one scan). */
export function scanNamedBy(record: ScannerResultRecord): { org_id: string; scan_id: string } | undefined {
  return record.observations?.[0] ?? record.observation ?? record.completion ?? undefined;
}

/**
 * Observations per record, at most. A record per observation made the relay, the
 * broker and every consumer pay Kafka's per-record work (framing, checksums,
 * partitioning, allocation) once per finding: the stream processors' CPU profile
 * during ingest was mostly that. A few hundred per record keeps a typical
 * record near a hundred kilobytes, far below the broker's one-mebibyte limit.
 */
export const OBSERVATIONS_PER_RECORD = 500;
/** A record closes early once its observations' detail and text reach this size (a report with long descriptions). */
export const RECORD_TEXT_BYTES = 256 * 1024;

/** A scan's observations as topic records: consecutive runs, each within both bounds (a single larger observation goes alone). */
export function chunkObservations(observations: readonly ScannerObservationRecord[]): ScannerResultRecord[] {
  const records: ScannerResultRecord[] = [];
  let current: ScannerObservationRecord[] = [];
  let textBytes = 0;
  for (const observation of observations) {
    const size = observationTextLength(observation);
    if (current.length > 0 && (current.length === OBSERVATIONS_PER_RECORD || textBytes + size > RECORD_TEXT_BYTES)) {
      records.push({ observations: current, completion: null });
      current = [];
      textBytes = 0;
    }
    current.push(observation);
    textBytes += size;
  }
  if (current.length > 0) records.push({ observations: current, completion: null });
  return records;
}

/** The variable part of an observation's encoded size, in UTF-16 units (close enough to bytes for a bound). */
function observationTextLength(observation: ScannerObservationRecord): number {
  let length = observation.detail_json.length + observation.fingerprint.length + observation.identifier.length + observation.scanner.length;
  for (const text of [observation.title, observation.component_ecosystem, observation.component_name, observation.component_version, observation.install_path, observation.target]) {
    length += text?.length ?? 0;
  }
  // The envelope's three ids and the vocabulary fields.
  return length + 160;
}
