// The finding fingerprint (spec 2.5): "fp1:" + SHA-256 hex of a canonical JSON
// array holding the asset identity, the kind and the fields that define the issue.
//
// Changing anything here re-keys every stored finding (each would resolve and
// reopen as a new row), so fingerprint.test.ts pins literal values. A deliberate
// change needs a new version prefix and a migration, never an edit in place.
//
// Asset identity: the caller passes assetKey, the tenant-independent identity of
// the scanned asset (for images, assetIdentity() in services/scans/image-reference.ts:
// registry/repository:tag, or registry/repository@digest when pinned; for a named
// software asset software:<name>[@<version>], services/scans/software-asset.ts). Never an
// organization or asset row id: the same image in two tenants must give the same
// fingerprint (spec 1.1 rule 7); the tenant is in the finding's key beside it.
//
// Defining fields, per kind:
//   vulnerability     advisory id, ecosystem, package name, install path ("" for OS packages)
//   secret            rule id, file, the redacted match ("" when the scanner gave none)
//   misconfiguration  check id, target (file or resource), cause ("" when none)
// Never severity, CVSS, installed or fixed version, line numbers, scanner statuses or
// engine-internal ids: those change between scans of the same issue.
//
// Canonical spelling: every string NFC-normalized and trimmed. Advisory and check
// ids upper-cased (CVE-2019-1549 = cve-2019-1549). Ecosystems lower-cased. Package
// names keep their case except where the registry itself treats names
// case-insensitively: pypi (PEP 503: lower-case, runs of "-", "_", "." as one "-"),
// nuget, composer, and cargo ("-" and "_" are one name on crates.io). npm, maven,
// golang, gem and OS package names are case-sensitive (npm still serves distinct
// legacy mixed-case packages). Paths keep their case (normalizeInstallPath).
import { createHash } from 'node:crypto';
import { normalizeInstallPath } from './normalize.js';
import type { Observation } from './observation.js';

const fingerprintVersion = 'fp1';

/** The fields that define an issue, per kind; everything else about an observation is evidence. */
export type IssueIdentity =
  | { kind: 'vulnerability'; advisoryId: string; ecosystem: string; packageName: string; installPath: string | null }
  | { kind: 'secret'; ruleId: string; file: string; matchRedacted: string | null }
  | { kind: 'misconfiguration'; checkId: string; target: string; cause: string | null };

function issueIdentity(observation: Observation): IssueIdentity {
  switch (observation.kind) {
    case 'vulnerability':
      return {
        kind: 'vulnerability',
        advisoryId: observation.identifier,
        ecosystem: observation.component.ecosystem,
        packageName: observation.component.name,
        installPath: observation.install_path,
      };
    case 'secret':
      return { kind: 'secret', ruleId: observation.identifier, file: observation.target, matchRedacted: observation.detail.match_redacted };
    case 'misconfiguration':
      return { kind: 'misconfiguration', checkId: observation.identifier, target: observation.target, cause: observation.detail.cause };
  }
}

/** The fingerprint of an issue on an asset. */
export function fingerprint(assetKey: string, identity: IssueIdentity): string {
  const digest = createHash('sha256').update(canonicalEncoding(assetKey, identity), 'utf8').digest('hex');
  return `${fingerprintVersion}:${digest}`;
}

export function fingerprintObservation(assetKey: string, observation: Observation): string {
  return fingerprint(assetKey, issueIdentity(observation));
}

/** The exact string that is hashed; exported so tests and investigations can see it. */
export function canonicalEncoding(assetKey: string, identity: IssueIdentity): string {
  const fields: string[] = [identity.kind, text(assetKey)];
  switch (identity.kind) {
    case 'vulnerability': {
      const ecosystem = text(identity.ecosystem).toLowerCase();
      fields.push(text(identity.advisoryId).toUpperCase(), ecosystem, packageName(ecosystem, identity.packageName), path(identity.installPath));
      break;
    }
    case 'secret':
      fields.push(text(identity.ruleId), path(identity.file), text(identity.matchRedacted));
      break;
    case 'misconfiguration':
      fields.push(text(identity.checkId).toUpperCase(), path(identity.target), text(identity.cause));
      break;
  }
  return JSON.stringify(fields);
}

function text(value: string | null): string {
  return (value ?? '').normalize('NFC').trim();
}

function path(value: string | null): string {
  return text(normalizeInstallPath(value));
}

function packageName(ecosystem: string, name: string): string {
  const spelled = text(name);
  switch (ecosystem) {
    case 'pypi':
      return spelled.toLowerCase().replace(/[-_.]+/g, '-');
    case 'cargo':
      return spelled.toLowerCase().replace(/_/g, '-');
    case 'nuget':
    case 'composer':
      return spelled.toLowerCase();
    default:
      return spelled;
  }
}

type FingerprintedObservation = Observation & { fingerprint: string };

/**
 * One observation per fingerprint, the first of each in report order, with its
 * fingerprint attached. A report can name the same issue twice (the same package
 * found by two analyzers); distinct components, paths or files stay distinct rows.
 */
export function dedupeObservations(assetKey: string, observations: readonly Observation[]): FingerprintedObservation[] {
  const byFingerprint = new Map<string, FingerprintedObservation>();
  for (const observation of observations) {
    const key = fingerprintObservation(assetKey, observation);
    if (!byFingerprint.has(key)) byFingerprint.set(key, { ...observation, fingerprint: key });
  }
  return [...byFingerprint.values()];
}
