// CycloneDX 1.4 to 1.7, JSON or XML. The components (nested ones
// included), their hierarchy (nesting, else the first component that depends on one),
// and the vulnerability section. XML is read into the JSON form first (cyclonedx-xml.ts),
// so one reader walks both. @cyclonedx/cyclonedx-library has no deserializer (its
// JSON and XML deserializers are still to do), so the reading is ours; its serializer
// writes our exports (services/scans/sbom).
//
// What the document shows was looked for: nothing. A vulnerability section lists what
// its producer found, not proof that the rest was checked; the built-in matcher's run
// over the components decides coverage.
import { emptyDetail, type ParsedReport, type Severity } from '../observation.js';
import { normalizeSeverity, severityFromScore } from '../normalize.js';
import { ReportCollector } from './report-collector.js';
import { replaceUnstorableText } from '../../platform/storable-text.js';
import { ReportFormatError, ReportNode } from './report-reader.js';
import { acyclicParents, boundedText, SBOM_LIMITS, type DeclaredComponent, type DeclaredVulnerability } from './sbom-document.js';
import { cycloneDxXmlToJson } from './cyclonedx-xml.js';

const CYCLONEDX_SPEC_VERSIONS = ['1.4', '1.5', '1.6', '1.7'] as const;

/** A CycloneDX document as JSON, or its text (JSON or XML). */
export function parseCycloneDxReport(document: unknown): ParsedReport {
  if (typeof document === 'string') return readCycloneDx(document.trimStart().startsWith('<') ? cycloneDxXmlToJson(document) : parseJsonDocument(document));
  return readCycloneDx(document);
}

function parseJsonDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReportFormatError('cyclonedx', '(document)', `is neither CycloneDX JSON nor XML: ${replaceUnstorableText((error as Error).message.slice(0, 200)).text}`);
  }
}

// Where tools write a component's location besides evidence.occurrences (CycloneDX 1.5+).
const INSTALL_PATH_PROPERTIES = ['sentinel:install_path', 'cdx:npm:package:path', 'aquasecurity:trivy:FilePath', 'aquasecurity:trivy:PkgPath', 'syft:location:0:path'];

function readCycloneDx(json: unknown): ParsedReport {
  const collector = new ReportCollector();
  const root = ReportNode.root('cyclonedx', json, collector).object();
  if (root.field('bomFormat').optionalString() !== 'CycloneDX') root.field('bomFormat').fail('must be "CycloneDX"');
  const specVersion = root.field('specVersion').string();
  if (!(CYCLONEDX_SPEC_VERSIONS as readonly string[]).includes(specVersion)) {
    root.field('specVersion').fail(`is ${specVersion}; CycloneDX ${CYCLONEDX_SPEC_VERSIONS.join(', ')} are read`);
  }
  const subjectNode = root.field('metadata').field('component');
  const subjectRef = subjectNode.field('bom-ref').optionalString();
  const subject = subjectNode.present ? subjectNode.field('name').optionalString() : null;

  const components: DeclaredComponent[] = [];
  const walk = (nodes: ReportNode[], parentRef: string | null, depth: number) => {
    if (depth > SBOM_LIMITS.nestingDepth) nodes[0]?.fail(`is nested deeper than ${SBOM_LIMITS.nestingDepth} components`);
    for (const node of nodes) {
      if (components.length === SBOM_LIMITS.components) node.fail(`is past the ${SBOM_LIMITS.components} components a document may list`);
      const component = readComponent(node.object(), parentRef, collector);
      if (component !== null) components.push(component);
      walk(node.field('components').items(), component?.ref ?? parentRef, depth + 1);
    }
  };
  walk(root.field('components').items(), null, 1);

  // A component nowhere nested takes as parent the first component that depends on it.
  const known = new Set(components.flatMap((component) => (component.ref === null ? [] : [component.ref])));
  const dependedOnBy = new Map<string, string>();
  for (const dependency of root.field('dependencies').items()) {
    const ref = dependency.field('ref').optionalString();
    if (ref === null || ref === subjectRef || !known.has(ref)) continue;
    for (const child of dependency.field('dependsOn').strings()) if (child !== ref && !dependedOnBy.has(child)) dependedOnBy.set(child, ref);
  }
  for (const component of components) {
    if (component.parentRef === null && component.ref !== null) component.parentRef = dependedOnBy.get(component.ref) ?? null;
  }
  acyclicParents(components);

  const vulnerabilities = readVulnerabilities(root.field('vulnerabilities').items(), collector);
  return {
    ...collector.report('cyclonedx', subject, []),
    sbom: { format: 'cyclonedx', specVersion, subject, components, vulnerabilities },
  };
}

function readComponent(node: ReportNode, parentRef: string | null, collector: ReportCollector): DeclaredComponent | null {
  const name = node.field('name').optionalString();
  if (name === null) {
    collector.skipped(node.path, 'a component without a name; skipped');
    return null;
  }
  const properties = new Map<string, string>();
  for (const property of node.field('properties').items()) {
    const key = property.field('name').optionalString();
    const value = property.field('value').optionalString();
    if (key !== null && value !== null && !properties.has(key)) properties.set(key, value);
  }
  const occurrence = node.field('evidence').field('occurrences').items()[0]?.field('location').optionalString() ?? null;
  return {
    ref: bounded(node.field('bom-ref')),
    parentRef,
    type: node.field('type').optionalString() ?? 'library',
    name: boundedText(node.field('name'), name),
    version: bounded(node.field('version')),
    purl: bounded(node.field('purl')),
    cpe: bounded(node.field('cpe')),
    licences: licencesOf(node.field('licenses')),
    installPath: occurrence ?? INSTALL_PATH_PROPERTIES.map((key) => properties.get(key)).find((value) => value !== undefined) ?? null,
    source: trivySourceOf(properties),
  };
}

const bounded = (node: ReportNode): string | null => {
  const value = node.optionalString();
  return value === null ? null : boundedText(node, value);
};

/** licenses[]: { license: { id | name } } or { expression }. */
function licencesOf(node: ReportNode): string[] {
  const licences = new Set<string>();
  for (const choice of node.items()) {
    if (licences.size === SBOM_LIMITS.licencesPerComponent) break;
    const licence = choice.field('license');
    const value = choice.field('expression').optionalString() ?? licence.field('id').optionalString() ?? licence.field('name').optionalString();
    if (value !== null) licences.add(value);
  }
  return [...licences];
}

/** Trivy writes an OS package's source package as properties; the version parts as rpm and dpkg spell them. */
function trivySourceOf(properties: ReadonlyMap<string, string>): DeclaredComponent['source'] {
  const name = properties.get('aquasecurity:trivy:SrcName');
  if (name === undefined) return null;
  const version = properties.get('aquasecurity:trivy:SrcVersion');
  if (version === undefined) return { name, version: null };
  const epoch = properties.get('aquasecurity:trivy:SrcEpoch');
  const release = properties.get('aquasecurity:trivy:SrcRelease');
  return { name, version: `${epoch && epoch !== '0' ? `${epoch}:` : ''}${version}${release ? `-${release}` : ''}` };
}

// An analysis that says the component is not affected (CycloneDX's VEX states) is not an issue to record.
const NOT_AN_ISSUE = new Set(['not_affected', 'false_positive', 'resolved', 'resolved_with_pedigree']);
const CVSS_METHODS = ['CVSSv4', 'CVSSv31', 'CVSSv3'];

function readVulnerabilities(nodes: ReportNode[], collector: ReportCollector): DeclaredVulnerability[] {
  if (nodes.length > SBOM_LIMITS.vulnerabilities) nodes[SBOM_LIMITS.vulnerabilities]!.fail(`is past the ${SBOM_LIMITS.vulnerabilities} vulnerabilities a document may list`);
  const vulnerabilities: DeclaredVulnerability[] = [];
  let affected = 0;
  for (const node of nodes) {
    const identifier = node.field('id').optionalString();
    if (identifier === null) {
      collector.skipped(node.path, 'a vulnerability without an id; skipped');
      continue;
    }
    const state = node.field('analysis').field('state').optionalString();
    if (state !== null && NOT_AN_ISSUE.has(state)) {
      collector.skipped(node.path, `${identifier} is marked ${state} by the document's analysis; not recorded`);
      continue;
    }
    const affects = node
      .field('affects')
      .items()
      .filter((target) => {
        const statuses = target.field('versions').items().map((version) => version.field('status').optionalString() ?? 'affected');
        return statuses.length === 0 || statuses.some((status) => status === 'affected' || status === 'unknown');
      })
      .flatMap((target) => target.field('ref').optionalString() ?? []);
    if (affects.length > SBOM_LIMITS.affectsPerVulnerability) node.field('affects').fail(`names more than ${SBOM_LIMITS.affectsPerVulnerability} components`);
    affected += affects.length;
    if (affected > SBOM_LIMITS.affectsPerDocument) node.field('affects').fail(`brings the components the vulnerabilities affect past ${SBOM_LIMITS.affectsPerDocument}`);
    const sourceName = node.field('source').field('name').optionalString();
    const ratings = node.field('ratings').items().map((rating) => ({
      source: rating.field('source').field('name').optionalString(),
      severity: rating.field('severity').optionalString(),
      score: rating.field('score').optionalNumber(),
      method: rating.field('method').optionalString(),
      vector: rating.field('vector').optionalString(),
    }));
    const scored = CVSS_METHODS.flatMap((method) => ratings.filter((rating) => rating.method === method && (rating.vector !== null || rating.score !== null)))[0];
    const description = node.field('description').optionalString();
    vulnerabilities.push({
      observation: {
        kind: 'vulnerability',
        identifier,
        severity: severityOf(ratings, sourceName),
        // CycloneDX states no fixed version; a recommendation is prose.
        fixability: 'unknown',
        target: null,
        title: description === null ? null : description.split('\n', 1)[0]!.slice(0, 200),
        detail: {
          ...emptyDetail(),
          cvss_vector: scored?.vector ?? null,
          cvss_score: scored?.score ?? null,
          published_at: node.field('published').optionalString(),
          modified_at: node.field('updated').optionalString(),
          scanner_status: state,
          aliases: [...new Set(node.field('references').items().flatMap((reference) => reference.field('id').optionalString() ?? []))].filter((alias) => alias !== identifier),
          primary_url: node.field('advisories').items()[0]?.field('url').optionalString() ?? node.field('source').field('url').optionalString(),
        },
      },
      source: sourceName,
      affects,
      where: node.path,
    });
  }
  return vulnerabilities;
}

/** The vulnerability source's own rating first, then a CVSS rating, then any rating that says a severity. */
function severityOf(ratings: { source: string | null; severity: string | null; score: number | null; method: string | null }[], source: string | null): Severity {
  const ordered = [
    ...ratings.filter((rating) => source !== null && rating.source === source),
    ...CVSS_METHODS.flatMap((method) => ratings.filter((rating) => rating.method === method)),
    ...ratings,
  ];
  for (const rating of ordered) {
    const severity = rating.severity === null ? severityFromScore(rating.score) : normalizeSeverity(rating.severity);
    if (severity !== 'unknown') return severity;
  }
  return 'unknown';
}
