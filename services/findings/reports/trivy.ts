// Trivy JSON, schema version 2: `trivy image|fs|repo|config --format json`, and
// the Kubernetes report (`trivy k8s`), whose Resources[] each carry Results[].
//
// Result classes: os-pkgs and lang-pkgs carry Vulnerabilities, secret carries
// Secrets, config carries Misconfigurations (only Status FAIL is an issue),
// license and license-file carry Licenses. Packages[].Licenses of package results
// are licence data too. Other classes (custom) are skipped with a warning.
//
// What the report covers comes from its result classes, read wherever the form
// keeps results (Results, or each Resources[].Results of a Kubernetes report).
// Trivy writes a package result (os-pkgs, lang-pkgs) for every package set it
// checked for vulnerabilities, clean ones included, and a config result for every
// file or resource it checked, with the checks that passed counted in
// MisconfSummary; it writes a secret result only for a file with a secret. So a
// kind is covered when a result of its class is there: a Kubernetes report of
// configuration checks alone shows no vulnerability scan, and a clean secret scan
// cannot be told from none.
import { emptyDetail, type Component, type LineRange, type ObservationKind, type ParsedReport } from '../observation.js';
import {
  fixabilityFromFixedVersion,
  languageEcosystemFromTrivyType,
  normalizeInstallPath,
  normalizeSeverity,
  osFamily,
} from '../normalize.js';
import { ReportCollector } from './report-collector.js';
import { ReportNode } from './report-reader.js';

// The longest redacted secret match kept; a match can be a whole minified line.
const maxMatchLength = 200;
// Trivy reports CVSS per source; the one its severity came from is preferred, then these.
const cvssSourcePreference = ['nvd', 'ghsa', 'redhat'];

export function parseTrivyReport(json: unknown): ParsedReport {
  const collector = new ReportCollector();
  const root = ReportNode.root('trivy', json, collector).object();
  const covered = new Set<ObservationKind>();

  if (root.field('Resources').present) {
    // Kubernetes report: the same target name (Deployment/app) recurs per namespace.
    for (const resource of root.field('Resources').items()) {
      const namespace = resource.field('Namespace').optionalString();
      for (const result of resource.field('Results').items()) {
        const kind = parseResult(result, namespace ? `${namespace}/` : '', collector);
        if (kind) covered.add(kind);
      }
    }
    return collector.report('trivy', root.field('ClusterName').optionalString(), covered);
  }

  const schemaVersion = root.field('SchemaVersion');
  if (schemaVersion.optionalNumber() !== 2) {
    schemaVersion.fail(schemaVersion.present ? 'must be 2: only Trivy JSON schema version 2 is supported' : 'is missing');
  }
  for (const result of root.field('Results').items()) {
    const kind = parseResult(result, '', collector);
    if (kind) covered.add(kind);
  }
  return collector.report('trivy', root.field('ArtifactName').optionalString(), covered);
}

/** Reads one result; answers the kind its class shows Trivy looked for, if any. */
function parseResult(result: ReportNode, targetPrefix: string, collector: ReportCollector): ObservationKind | undefined {
  const resultClass = result.field('Class').string();
  switch (resultClass) {
    case 'os-pkgs': {
      const ecosystem = osFamily(result.field('Type').string());
      parseVulnerabilities(result, ecosystem, () => null, collector);
      parsePackageLicences(result, ecosystem, collector);
      return 'vulnerability';
    }
    case 'lang-pkgs': {
      const ecosystem = languageEcosystemFromTrivyType(result.field('Type').string());
      // A package without its own path belongs to the lockfile or manifest it was
      // read from, so the same package in two projects of one image is two issues.
      const manifest = result.field('Target').optionalString();
      const installPath = (vulnerability: ReportNode) => normalizeInstallPath(vulnerability.field('PkgPath').optionalString() ?? manifest);
      parseVulnerabilities(result, ecosystem, installPath, collector);
      parsePackageLicences(result, ecosystem, collector);
      return 'vulnerability';
    }
    case 'secret':
      parseSecrets(result, targetPrefix + result.field('Target').string(), collector);
      return 'secret';
    case 'config':
      parseMisconfigurations(result, targetPrefix + result.field('Target').string(), collector);
      return 'misconfiguration';
    case 'license':
    case 'license-file':
      parseLicences(result, collector);
      return undefined;
    default:
      collector.skipped(result.path, `result class "${resultClass}" carries no findings; skipped`);
      return undefined;
  }
}

function parseVulnerabilities(
  result: ReportNode,
  ecosystem: string,
  installPath: (vulnerability: ReportNode) => string | null,
  collector: ReportCollector,
): void {
  for (const vulnerability of result.field('Vulnerabilities').items()) {
    const identifier = vulnerability.field('VulnerabilityID').string();
    const name = vulnerability.field('PkgName').string();
    const status = vulnerability.field('Status').optionalString();
    if (status === 'not_affected') {
      collector.skipped(vulnerability.path, `${identifier} in ${name} is marked not_affected; skipped`);
      continue;
    }
    const installedVersion = vulnerability.field('InstalledVersion').optionalString();
    const fixedVersion = vulnerability.field('FixedVersion').optionalString();
    const cvss = pickCvss(vulnerability.field('CVSS'), vulnerability.field('SeveritySource').optionalString());
    const component: Component = { ecosystem, name, version: installedVersion };
    collector.observe({
      kind: 'vulnerability',
      identifier,
      severity: normalizeSeverity(vulnerability.field('Severity').optionalString()),
      fixability: fixabilityFromFixedVersion(fixedVersion),
      component,
      install_path: installPath(vulnerability),
      target: null,
      title: vulnerability.field('Title').optionalString(),
      detail: {
        ...emptyDetail(),
        fixed_version: fixedVersion,
        installed_version: installedVersion,
        cvss_vector: cvss.vector,
        cvss_score: cvss.score,
        published_at: vulnerability.field('PublishedDate').optionalString(),
        modified_at: vulnerability.field('LastModifiedDate').optionalString(),
        scanner_status: status,
        primary_url: vulnerability.field('PrimaryURL').optionalString(),
      },
    });
  }
}

/** CVSS v3 of the preferred source, falling back to v2 when no source has v3. */
function pickCvss(cvss: ReportNode, severitySource: string | null): { vector: string | null; score: number | null } {
  const sources = cvss.entries();
  const rank = (name: string): number => {
    if (name === severitySource) return -1;
    const preferred = cvssSourcePreference.indexOf(name);
    return preferred === -1 ? cvssSourcePreference.length : preferred;
  };
  sources.sort(([a], [b]) => rank(a) - rank(b));
  for (const version of ['V3', 'V2']) {
    for (const [, source] of sources) {
      const vector = source.field(`${version}Vector`).optionalString();
      const score = source.field(`${version}Score`).optionalNumber();
      if (vector !== null || score !== null) return { vector, score };
    }
  }
  return { vector: null, score: null };
}

function parseSecrets(result: ReportNode, file: string, collector: ReportCollector): void {
  for (const secret of result.field('Secrets').items()) {
    const ruleId = secret.field('RuleID').string();
    // Never read Code.Lines: its context lines are not masked and can hold other secrets.
    const match = secret.field('Match').optionalString();
    const redacted = redactedMatch(match);
    if (match !== null && redacted === null) {
      collector.notStored(`${secret.path}.Match`, `${ruleId} match is not masked; not stored`);
    }
    collector.observe({
      kind: 'secret',
      identifier: ruleId,
      severity: normalizeSeverity(secret.field('Severity').optionalString()),
      fixability: 'unknown',
      component: null,
      install_path: null,
      target: file,
      title: secret.field('Title').optionalString(),
      detail: {
        ...emptyDetail(),
        rule: ruleId,
        file,
        line: lineRange(secret.field('StartLine'), secret.field('EndLine')),
        match_redacted: redacted,
      },
    });
  }
}

/**
 * Trivy replaces the secret in Match with "*". Keep the match only when that
 * mask is there, so a scanner that stops masking cannot put a secret into
 * storage, and cut it short: a match can be a whole minified line.
 */
function redactedMatch(match: string | null): string | null {
  if (match === null || !/\*{3,}/.test(match)) return null;
  return match.length > maxMatchLength ? match.slice(0, maxMatchLength) : match;
}

function parseMisconfigurations(result: ReportNode, target: string, collector: ReportCollector): void {
  for (const misconfiguration of result.field('Misconfigurations').items()) {
    if (misconfiguration.field('Status').optionalString() !== 'FAIL') continue;
    const checkId = misconfiguration.field('AVDID').optionalString() ?? misconfiguration.field('ID').string();
    const reportedId = misconfiguration.field('ID').optionalString() ?? checkId;
    const cause = misconfiguration.field('CauseMetadata');
    collector.observe({
      kind: 'misconfiguration',
      identifier: canonicalCheckId(checkId),
      severity: normalizeSeverity(misconfiguration.field('Severity').optionalString()),
      fixability: 'unknown',
      component: null,
      install_path: null,
      target,
      title: misconfiguration.field('Title').optionalString(),
      detail: {
        ...emptyDetail(),
        rule: reportedId,
        file: target,
        line: lineRange(cause.field('StartLine'), cause.field('EndLine')),
        resolution: misconfiguration.field('Resolution').optionalString(),
        // The resource names what failed; without one, the rendered message does
        // ("container nginx of Deployment web…"), which separates two failures of
        // one check in one file without resorting to line numbers.
        cause: cause.field('Resource').optionalString() ?? misconfiguration.field('Message').optionalString(),
        primary_url: misconfiguration.field('PrimaryURL').optionalString(),
      },
    });
  }
}

/**
 * One spelling per check across Trivy versions, which have written KSV116,
 * KSV-0116 and AVD-KSV-0116 for the same check: prefix, dash, four digits.
 */
export function canonicalCheckId(id: string): string {
  const withoutAvd = id.trim().replace(/^AVD-/i, '');
  const numbered = /^([A-Za-z]+)-?(\d+)$/.exec(withoutAvd);
  if (!numbered) return withoutAvd.toUpperCase();
  const [, prefix = '', digits = ''] = numbered;
  return `${prefix.toUpperCase()}-${digits.padStart(4, '0')}`;
}

function lineRange(startNode: ReportNode, endNode: ReportNode): LineRange | null {
  const start = startNode.optionalNumber();
  if (start === null || start <= 0) return null;
  return { start, end: endNode.optionalNumber() ?? start };
}

function parseLicences(result: ReportNode, collector: ReportCollector): void {
  for (const licence of result.field('Licenses').items()) {
    collector.licence({
      package: licence.field('PkgName').optionalString(),
      version: null,
      ecosystem: null,
      licence: licence.field('Name').string(),
      path: normalizeInstallPath(licence.field('FilePath').optionalString()),
    });
  }
}

/** Licences Trivy lists on packages (with --list-all-pkgs or an SBOM input). */
function parsePackageLicences(result: ReportNode, ecosystem: string, collector: ReportCollector): void {
  for (const pkg of result.field('Packages').items()) {
    const licences = pkg.field('Licenses').strings();
    if (licences.length === 0) continue;
    const name = pkg.field('Name').string();
    const version = pkg.field('Version').optionalString();
    const path = normalizeInstallPath(pkg.field('FilePath').optionalString());
    for (const licence of licences) collector.licence({ package: name, version, ecosystem, licence, path });
  }
}
