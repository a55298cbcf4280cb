// SPDX 2.2 and 2.3, JSON or tag-value. Packages become components:
// the purl and CPE from externalRefs, the declared licence (else the concluded one, a
// LicenseRef- named by hasExtractedLicensingInfos), packageFileName as where it was
// found, and the hierarchy from relationships (A CONTAINS or DEPENDS_ON B: B sits under
// A, the first such wins). The packages the document DESCRIBES are its subject, not
// components. Tag-value is read into the JSON form first (spdx-tag-value.ts).
//
// SPDX 3.0 (JSON-LD) is refused with a message: no maintained JavaScript parser for it
// exists (docs/decisions/sboms.md). SPDX documents carry no vulnerabilities.
import { replaceUnstorableText } from '../../platform/storable-text.js';
import type { ParsedReport } from '../observation.js';
import { ReportCollector } from './report-collector.js';
import { ReportFormatError, ReportNode } from './report-reader.js';
import { acyclicParents, boundedText, SBOM_LIMITS, type DeclaredComponent } from './sbom-document.js';
import { spdxTagValueToJson } from './spdx-tag-value.js';

const SPDX_VERSIONS = ['SPDX-2.2', 'SPDX-2.3'] as const;

/** An SPDX document as JSON, or its text (JSON or tag-value). */
export function parseSpdxReport(document: unknown): ParsedReport {
  if (typeof document !== 'string') return readSpdx(document);
  if (!document.trimStart().startsWith('{')) return readSpdx(spdxTagValueToJson(document));
  try {
    return readSpdx(JSON.parse(document));
  } catch (error) {
    if (error instanceof ReportFormatError) throw error;
    throw new ReportFormatError('spdx', '(document)', `is not valid JSON: ${replaceUnstorableText((error as Error).message.slice(0, 200)).text}`);
  }
}

const PARENT_RELATIONSHIPS = new Set(['CONTAINS', 'DEPENDS_ON']);
const CHILD_RELATIONSHIPS = new Set(['CONTAINED_BY', 'DEPENDENCY_OF']);
const NO_LICENCE = new Set(['NOASSERTION', 'NONE']);

function readSpdx(json: unknown): ParsedReport {
  const collector = new ReportCollector();
  const root = ReportNode.root('spdx', json, collector).object();
  const version = spdxVersionOf(root);

  const extracted = new Map<string, string>();
  for (const info of root.field('hasExtractedLicensingInfos').items()) {
    const id = info.field('licenseId').optionalString();
    const name = info.field('name').optionalString();
    if (id !== null && name !== null) extracted.set(id, name);
  }

  const packages = root.field('packages').items();
  if (packages.length > SBOM_LIMITS.components) packages[SBOM_LIMITS.components]!.fail(`is past the ${SBOM_LIMITS.components} packages a document may list`);
  const relationships = root.field('relationships').items().map((relationship) => ({
    from: relationship.field('spdxElementId').optionalString(),
    type: relationship.field('relationshipType').optionalString()?.toUpperCase() ?? null,
    to: relationship.field('relatedSpdxElement').optionalString(),
  }));
  const described = new Set([
    ...root.field('documentDescribes').strings(),
    ...relationships.filter((r) => r.from === 'SPDXRef-DOCUMENT' && r.type === 'DESCRIBES' && r.to !== null).map((r) => r.to!),
  ]);
  const parentOf = new Map<string, string>();
  for (const { from, type, to } of relationships) {
    if (from === null || to === null || type === null) continue;
    const [parent, child] = PARENT_RELATIONSHIPS.has(type) ? [from, to] : CHILD_RELATIONSHIPS.has(type) ? [to, from] : [null, null];
    if (parent !== null && child !== null && parent !== child && !parentOf.has(child)) parentOf.set(child, parent);
  }

  const components: DeclaredComponent[] = [];
  let subject: string | null = null;
  for (const node of packages) {
    const pkg = node.object();
    const ref = pkg.field('SPDXID').optionalString();
    const name = pkg.field('name').optionalString();
    if (name === null) {
      collector.skipped(pkg.path, 'a package without a name; skipped');
      continue;
    }
    if (ref !== null && described.has(ref)) {
      subject ??= name;
      continue;
    }
    const refs = pkg.field('externalRefs').items().map((external) => ({
      type: external.field('referenceType').optionalString(),
      locator: external.field('referenceLocator'),
    }));
    const locator = (types: string[]) => {
      const found = refs.find((external) => external.type !== null && types.includes(external.type));
      const value = found?.locator.optionalString() ?? null;
      return value === null ? null : boundedText(found!.locator, value);
    };
    const parent = ref === null ? undefined : parentOf.get(ref);
    components.push({
      ref,
      parentRef: parent === undefined || described.has(parent) ? null : parent,
      type: (pkg.field('primaryPackagePurpose').optionalString() ?? (ref?.startsWith('SPDXRef-OperatingSystem') ? 'operating-system' : 'library')).toLowerCase().replaceAll('_', '-'),
      name: boundedText(pkg.field('name'), name),
      version: pkg.field('versionInfo').optionalString(),
      purl: locator(['purl']),
      cpe: locator(['cpe23Type', 'cpe22Type']),
      licences: licencesOf(pkg, extracted),
      installPath: pkg.field('packageFileName').optionalString(),
      source: builtFrom(pkg.field('sourceInfo').optionalString()),
    });
  }
  acyclicParents(components);
  return {
    ...collector.report('spdx', subject ?? root.field('name').optionalString(), []),
    sbom: { format: 'spdx', specVersion: version, subject: subject ?? root.field('name').optionalString(), components, vulnerabilities: [] },
  };
}

function spdxVersionOf(root: ReportNode): string {
  const version = root.field('spdxVersion').optionalString();
  if (version === null && (root.field('@context').present || root.field('@graph').present)) {
    root.fail('is SPDX 3.0 (JSON-LD), which is not read: export the SBOM as SPDX 2.3 or CycloneDX');
  }
  if (version === null || !(SPDX_VERSIONS as readonly string[]).includes(version)) return root.field('spdxVersion').fail(`is ${version ?? 'missing'}; ${SPDX_VERSIONS.join(' and ')} are read`);
  return version;
}

/** The declared licence, else the concluded one; a LicenseRef- the document names is given by its name. */
function licencesOf(pkg: ReportNode, extracted: ReadonlyMap<string, string>): string[] {
  for (const field of ['licenseDeclared', 'licenseConcluded']) {
    const value = pkg.field(field).optionalString();
    if (value === null || NO_LICENCE.has(value)) continue;
    return [extracted.get(value) ?? value];
  }
  return [];
}

/** Trivy writes an OS package's source as sourceInfo "built package from: <name> <version>". */
function builtFrom(sourceInfo: string | null): DeclaredComponent['source'] {
  const match = sourceInfo === null ? null : /^built package from: (\S+)(?: (\S+))?$/.exec(sourceInfo);
  return match ? { name: match[1]!, version: match[2] ?? null } : null;
}
