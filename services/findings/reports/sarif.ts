// SARIF 2.1.0: runs[].tool.driver.rules[] and runs[].results[].
//
// SARIF has no package fields. A result becomes a vulnerability when its rule id
// is an advisory id and its message carries the package the way Trivy writes it
// ("Package: libssl1.1\nInstalled Version: …\nSeverity: …\nFixed Version: …").
// Every other result is a misconfiguration of the file it points at. SARIF does
// not say which OS family a package belongs to, so such vulnerabilities have the
// ecosystem "unknown" and do not share fingerprints with JSON reports.
//
// A run names its tool (tool.driver) and lists what it found, never which checks
// it ran: Trivy writes the same driver ("Trivy") whichever of its scanners ran,
// and a clean run has no results at all. So a SARIF report covers the kinds its
// results show the tool looked for, and nothing else.
import { emptyDetail, type LineRange, type ParsedReport, type Severity } from '../observation.js';
import {
  fixabilityFromFixedVersion,
  normalizeInstallPath,
  normalizeSeverity,
  severityFromSarifLevel,
  severityFromScore,
} from '../normalize.js';
import { ReportCollector } from './report-collector.js';
import { ReportNode } from './report-reader.js';

const advisoryIdPattern =
  /^(?:CVE-\d{4}-\d{4,}|GHSA(?:-[a-z0-9]{4}){3}|(?:GO|GMS|PYSEC|RUSTSEC|OSV)-\d{4}-\d+|(?:RHSA|RHBA|RHEA|ELSA|ALSA|RLSA)-\d{4}:\d+|ALAS\d*-\d{4}-\d+|(?:DSA|DLA|USN)-\d+(?:-\d+)?)$/i;
// Trivy's rule name for findings in OS packages, which have no install path.
const osPackageRuleName = 'OsPackageVulnerability';
// SARIF result kinds that report a problem; pass, notApplicable and informational do not.
const problemKinds = new Set(['fail', 'review', 'open']);

export function parseSarifReport(json: unknown): ParsedReport {
  const collector = new ReportCollector();
  const root = ReportNode.root('sarif', json, collector).object();
  const version = root.field('version');
  if (version.string() !== '2.1.0') version.fail('must be 2.1.0: only SARIF 2.1.0 is supported');
  const runs = root.field('runs').requiredItems();

  for (const run of runs) {
    const rules = run.field('tool').field('driver').field('rules').items();
    const rulesById = new Map(rules.map((rule) => [rule.field('id').string(), rule]));
    for (const result of run.field('results').items()) {
      const kind = result.field('kind').optionalString() ?? 'fail';
      if (!problemKinds.has(kind)) continue;
      const ruleIndex = result.field('ruleIndex').optionalNumber();
      const indexedRule = ruleIndex === null ? undefined : rules[ruleIndex];
      const ruleId =
        result.field('ruleId').optionalString() ??
        result.field('rule').field('id').optionalString() ??
        indexedRule?.field('id').optionalString() ??
        result.field('ruleId').fail('is missing (and neither rule.id nor ruleIndex names a rule)');
      parseResult(result, ruleId, rulesById.get(ruleId) ?? indexedRule, collector);
    }
  }

  const firstRun = runs[0];
  const scanner = firstRun?.field('tool').field('driver').field('name').optionalString()?.toLowerCase() ?? 'sarif';
  return collector.report(scanner, firstRun?.field('properties').field('imageName').optionalString() ?? null, collector.observedKinds());
}

function parseResult(result: ReportNode, ruleId: string, rule: ReportNode | undefined, collector: ReportCollector): void {
  const message = result.field('message').field('text').optionalString();
  const labelled = labelledLines(message);
  const firstLocation = result.field('locations').items()[0];
  const location = firstLocation?.field('physicalLocation');
  const uri = location?.field('artifactLocation').field('uri').optionalString() ?? null;
  const title = rule?.field('shortDescription').field('text').optionalString() ?? null;
  const severity = resultSeverity(result, rule, labelled.get('Severity'));
  const packageName = labelled.get('Package');

  if (advisoryIdPattern.test(ruleId) && packageName) {
    const installedVersion = labelled.get('Installed Version') ?? null;
    const fixedVersion = labelled.get('Fixed Version') ?? null;
    const isOsPackage = rule?.field('name').optionalString() === osPackageRuleName;
    collector.observe({
      kind: 'vulnerability',
      identifier: ruleId,
      severity,
      fixability: fixabilityFromFixedVersion(fixedVersion),
      component: { ecosystem: 'unknown', name: packageName, version: installedVersion },
      install_path: isOsPackage ? null : normalizeInstallPath(uri),
      target: null,
      title,
      detail: {
        ...emptyDetail(),
        fixed_version: fixedVersion,
        installed_version: installedVersion,
        cvss_vector: rule?.field('properties').field('cvssv3_vector').optionalString() ?? null,
        cvss_score: rule?.field('properties').field('cvssv3_baseScore').optionalNumber() ?? null,
        primary_url: rule?.field('helpUri').optionalString() ?? null,
      },
    });
    return;
  }

  const target = uri ?? '';
  collector.observe({
    kind: 'misconfiguration',
    identifier: ruleId,
    severity,
    fixability: 'unknown',
    component: null,
    install_path: null,
    target,
    title,
    detail: {
      ...emptyDetail(),
      rule: ruleId,
      file: target,
      line: regionLines(location?.field('region')),
      // A logical location (resource) names what failed; else the message does.
      // Trivy's message also repeats the severity, so only its "Message:" line counts.
      cause:
        firstLocation?.field('logicalLocations').items()[0]?.field('fullyQualifiedName').optionalString() ??
        labelled.get('Message') ??
        message,
      primary_url: rule?.field('helpUri').optionalString() ?? null,
    },
  });
}

/**
 * The severity the producer stated in words (Trivy's "Severity:" line) wins, even
 * when it is UNKNOWN: Trivy maps UNKNOWN to level "note", which must not become
 * low. Then security-severity (a CVSS-like score), then the level.
 */
function resultSeverity(result: ReportNode, rule: ReportNode | undefined, statedSeverity: string | undefined): Severity {
  if (statedSeverity !== undefined) return normalizeSeverity(statedSeverity);
  const score =
    result.field('properties').field('security-severity').optionalNumber() ??
    rule?.field('properties').field('security-severity').optionalNumber() ??
    null;
  if (score !== null) return severityFromScore(score);
  const level = result.field('level').optionalString() ?? rule?.field('defaultConfiguration').field('level').optionalString() ?? null;
  return severityFromSarifLevel(level);
}

/** "Label: value" lines of a message; an empty value is absent. */
function labelledLines(message: string | null): Map<string, string> {
  const labelled = new Map<string, string>();
  for (const line of (message ?? '').split('\n')) {
    const match = /^([A-Za-z][A-Za-z ]*):\s*(.*)$/.exec(line.trim());
    if (match?.[1] && match[2]) labelled.set(match[1], match[2].trim());
  }
  return labelled;
}

function regionLines(region: ReportNode | undefined): LineRange | null {
  const start = region?.field('startLine').optionalNumber() ?? null;
  if (start === null || start <= 0) return null;
  return { start, end: region?.field('endLine').optionalNumber() ?? start };
}
