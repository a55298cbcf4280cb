// Grype JSON (`grype <image> -o json`): matches[] of { vulnerability, artifact,
// relatedVulnerabilities }. Reads the current layout (vulnerability.fix, cvss[])
// and the early one (vulnerability.fixedInVersion, cvssV3, cvssV2).
//
// Grype matches packages against vulnerabilities and nothing else; its descriptor
// ({ name: "grype", version, db }) says Grype made the report, so a report with
// that descriptor covers vulnerabilities, clean or not. Without it the document
// does not show who looked for what, and covers nothing.
import { emptyDetail, type ParsedReport } from '../observation.js';
import {
  fixabilityFromFixedVersion,
  grypeOsPackageTypes,
  languageEcosystemFromGrypeType,
  normalizeInstallPath,
  normalizeSeverity,
  osFamily,
} from '../normalize.js';
import { ReportCollector } from './report-collector.js';
import { ReportNode } from './report-reader.js';

export function parseGrypeReport(json: unknown): ParsedReport {
  const collector = new ReportCollector();
  const root = ReportNode.root('grype', json, collector).object();
  const distro = root.field('distro').field('name').optionalString();

  for (const match of root.field('matches').requiredItems()) {
    const vulnerability = match.field('vulnerability').object();
    const artifact = match.field('artifact').object();
    const reportedId = vulnerability.field('id').string();
    const type = artifact.field('type').string();
    const purlNode = artifact.field('purl');
    const purl = purlNode.optionalString();
    // Percent-decoding can produce what the purl's text did not hold (%00).
    const fromPurl = (decoded: string | null) => (decoded === null ? null : collector.storable(purlNode.path, decoded));
    const isOsPackage = grypeOsPackageTypes.has(type);
    // OS packages belong to the distribution family, as in Trivy reports; the purl
    // namespace (pkg:rpm/rhel/…) stands in when the report names no distro.
    const ecosystem = isOsPackage ? osFamily(distro ?? fromPurl(purlNamespace(purl)) ?? type) : languageEcosystemFromGrypeType(type);
    // Grype names a Maven artifact by artifactId alone; the purl has the group,
    // which Trivy includes (org.apache.avro:avro) and which tells artifacts apart.
    const name = (ecosystem === 'maven' ? fromPurl(mavenNameFromPurl(purl)) : null) ?? artifact.field('name').string();
    const version = artifact.field('version').optionalString();
    // OS packages have no install path (their database file is not one).
    const installPath = isOsPackage ? null : normalizeInstallPath(artifact.field('locations').items()[0]?.field('path').optionalString());
    const related = match.field('relatedVulnerabilities').items();
    const relatedIds = related.map((entry) => entry.field('id').string());
    const identifier = preferredIdentifier(reportedId, relatedIds);
    const fix = vulnerability.field('fix');
    const fixedVersion = fix.field('versions').strings().join(', ') || vulnerability.field('fixedInVersion').optionalString();
    const cvss = pickCvss(vulnerability, related);

    collector.observe({
      kind: 'vulnerability',
      identifier,
      severity: normalizeSeverity(vulnerability.field('severity').optionalString()),
      fixability: fixabilityFromFixedVersion(fixedVersion),
      component: { ecosystem, name, version },
      install_path: installPath,
      target: null,
      title: null,
      detail: {
        ...emptyDetail(),
        fixed_version: fixedVersion,
        installed_version: version,
        cvss_vector: cvss.vector,
        cvss_score: cvss.score,
        scanner_status: fix.field('state').optionalString(),
        aliases: [...new Set([reportedId, ...relatedIds])].filter((id) => id !== identifier),
        primary_url:
          vulnerability.field('dataSource').optionalString() ??
          vulnerability.field('urls').strings()[0] ??
          vulnerability.field('links').strings()[0] ??
          null,
      },
    });

    for (const licence of artifact.field('licenses').items()) {
      const licenceName = licenceText(licence);
      if (licenceName === null) collector.skipped(licence.path, 'not a licence name; skipped');
      else collector.licence({ package: name, version, ecosystem, licence: licenceName, path: installPath });
    }
  }

  const madeByGrype = root.field('descriptor').field('name').optionalString()?.toLowerCase() === 'grype';
  return collector.report('grype', artifactName(root.field('source')), madeByGrype ? ['vulnerability'] : []);
}

/**
 * The CVE when Grype matched on another id of it (a GHSA, a distro advisory) and
 * names exactly one CVE among the related vulnerabilities. Trivy reports the CVE,
 * so the same issue gets the same identifier from either scanner.
 */
function preferredIdentifier(reportedId: string, relatedIds: string[]): string {
  if (/^CVE-/i.test(reportedId)) return reportedId;
  const cves = [...new Set(relatedIds.filter((id) => /^CVE-/i.test(id)))];
  return cves.length === 1 && cves[0] ? cves[0] : reportedId;
}

/** The first CVSS v3 entry of the vulnerability, then of its related records; v2 only when no v3 exists. */
function pickCvss(vulnerability: ReportNode, related: ReportNode[]): { vector: string | null; score: number | null } {
  const current = [vulnerability, ...related].flatMap((record) =>
    record.field('cvss').items().map((entry) => ({
      version: entry.field('version').optionalString() ?? '',
      vector: entry.field('vector').optionalString(),
      score: entry.field('metrics').field('baseScore').optionalNumber(),
    })),
  );
  const early = ['cvssV3', 'cvssV2'].map((field) => ({
    version: field === 'cvssV3' ? '3' : '2',
    vector: vulnerability.field(field).field('vector').optionalString(),
    score: vulnerability.field(field).field('baseScore').optionalNumber(),
  }));
  // An empty vector with score 0 is how early Grype wrote "no score".
  const usable = [...current, ...early].filter((entry) => entry.vector !== null);
  const chosen = usable.find((entry) => entry.version.startsWith('3')) ?? usable[0];
  return chosen ? { vector: chosen.vector, score: chosen.score } : { vector: null, score: null };
}

function purlNamespace(purl: string | null): string | null {
  const match = purl ? /^pkg:[^/]+\/([^/@?#]+)\/[^/@?#]+/.exec(purl) : null;
  return match?.[1] ? decodePurlPart(match[1]) : null;
}

function mavenNameFromPurl(purl: string | null): string | null {
  const match = purl ? /^pkg:maven\/([^/@?#]+)\/([^/@?#]+)/.exec(purl) : null;
  return match?.[1] && match[2] ? `${decodePurlPart(match[1])}:${decodePurlPart(match[2])}` : null;
}

function decodePurlPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // malformed escapes: keep the text as written
  }
}

/** Grype writes licences as strings; some versions write { value } objects. */
function licenceText(licence: ReportNode): string | null {
  if (typeof licence.value === 'string') return licence.optionalString();
  if (typeof licence.value === 'object' && licence.value !== null && !Array.isArray(licence.value)) {
    return licence.field('value').optionalString();
  }
  return null;
}

function artifactName(source: ReportNode): string | null {
  const target = source.field('target');
  return typeof target.value === 'string' ? target.optionalString() : target.field('userInput').optionalString();
}
