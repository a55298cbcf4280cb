// An asset's inventory as an SBOM: CycloneDX 1.6 JSON through
// @cyclonedx/cyclonedx-library's models and serializer, and SPDX 2.3 JSON written here
// (no maintained JavaScript library writes SPDX). Both carry what the importers read
// back: the purl (with the distro and upstream qualifiers OS packages are matched by),
// licences, where the component was found, and the hierarchy. So an export imported
// onto another asset gives the same findings (test/sbom-end-to-end.test.ts).
import { randomUUID } from 'node:crypto';
import { Contrib, Enums, Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import { PackageURL } from 'packageurl-js';
import parseSpdxExpression from 'spdx-expression-parse';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors.js';
import { jsonText, type JsonText } from '../../platform/http/handler.js';
import { readAssetInventory, type InventoryComponent, type StoredInventory } from './asset-inventory.js';

/** An SBOM document: a JSON object in its format's own shape. */
type SbomDocument = Record<string, unknown>;

interface ExportSubject {
  assetId: string;
  /** The asset's reference: an image's, or a named software asset's (software:<name>[@<version>]). */
  reference: string;
  /** A named software asset's name and version: the document's subject is then that application. */
  software: { name: string; version: string | null } | null;
}

export const SBOM_MEDIA_TYPES = {
  cyclonedx: 'application/vnd.cyclonedx+json; version=1.6; charset=utf-8',
  spdx: 'application/spdx+json; charset=utf-8',
} as const;

export type ExportFormat = keyof typeof SBOM_MEDIA_TYPES;

/**
 * The format asked for: the `format` parameter, else the Accept header naming one of the
 * two media types (the first it names), else CycloneDX. A parameter wins because a link
 * or a browser cannot set Accept.
 */
export function exportFormatOf(format: unknown, accept: string | undefined): ExportFormat {
  if (format === 'cyclonedx' || format === 'spdx') return format;
  const named = (accept ?? '')
    .split(',')
    .map((range) => range.split(';', 1)[0]!.trim().toLowerCase())
    .find((type) => type === 'application/spdx+json' || type === 'application/vnd.cyclonedx+json');
  return named === 'application/spdx+json' ? 'spdx' : 'cyclonedx';
}

/**
 * The asset's latest inventory as an SBOM in the format asked: 404 for an asset the
 * organization does not have, 409 while it has no inventory yet.
 */
export async function exportAssetSbom(q: Queryable, orgId: OrgId, assetId: string, format: ExportFormat): Promise<JsonText<SbomDocument>> {
  const found = await q.query<{ reference: string; kind: string; name: string | null; version: string | null }>(
    'SELECT reference, kind, name, version FROM assets WHERE org_id = $1 AND id = $2',
    [orgId, assetId],
  );
  const asset = found.rows[0];
  if (asset === undefined) throw notFound();
  const inventory = await readAssetInventory(q, orgId, assetId);
  if (inventory === null) throw conflict('the asset has no inventory yet: it is kept from its latest successful built-in scan or SBOM import');
  const subject = { assetId, reference: asset.reference, software: asset.kind === 'software' ? { name: asset.name!, version: asset.version } : null };
  return format === 'spdx' ? spdxDocument(subject, inventory) : cycloneDxDocument(subject, inventory);
}

/** Properties of our own (CycloneDX property names are namespaced by who writes them). */
const SENTINEL_PROPERTIES = { installPath: 'sentinel:install_path', foundBy: 'sentinel:found_by' } as const;

const TOOL = { name: 'sentinel', vendor: 'Sentinel' };

const isSpdxExpression = (value: string): boolean => {
  try {
    parseSpdxExpression(value);
    return true;
  } catch {
    return false;
  }
};
const licences = new Contrib.License.Factories.LicenseFactory((value: string) => void parseSpdxExpression(value));

export function cycloneDxDocument(subject: ExportSubject, inventory: StoredInventory): JsonText<SbomDocument> {
  const bom = new Models.Bom({ serialNumber: `urn:uuid:${randomUUID()}` });
  bom.metadata.timestamp = inventory.recordedAt;
  bom.metadata.tools.components.add(new Models.Component(Enums.ComponentType.Application, TOOL.name, { group: TOOL.vendor }));
  const root =
    subject.software === null
      ? new Models.Component(Enums.ComponentType.Container, subject.reference, { bomRef: `asset:${subject.assetId}` })
      : new Models.Component(Enums.ComponentType.Application, subject.software.name, { bomRef: `asset:${subject.assetId}`, version: subject.software.version ?? undefined });
  bom.metadata.component = root;
  const made = inventory.components.map((component, position) => cycloneDxComponent(component, position));
  inventory.components.forEach((component, position) => {
    bom.components.add(made[position]!);
    // The hierarchy as dependencies, as Trivy writes it: a component under its parent, the top ones under the asset.
    (component.parent === null ? root : made[component.parent]!).dependencies.add(made[position]!.bomRef);
  });
  const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));
  // The library's JSON serializer writes the document's JSON text.
  return serializer.serialize(bom, { sortLists: false, space: 2 }) as JsonText<SbomDocument>;
}

function cycloneDxComponent(component: InventoryComponent, position: number): Models.Component {
  const made = new Models.Component(componentType(component.type), component.name, {
    bomRef: `${component.purl ?? component.name}#${position}`,
    ...(component.version === null ? {} : { version: component.version }),
    ...(component.purl === null ? {} : { purl: exportedPurl(component) }),
    ...(component.cpe === null ? {} : { cpe: component.cpe }),
  });
  for (const licence of cycloneDxLicences(component.licences)) made.licenses.add(licence);
  if (component.installPath !== null) made.properties.add(new Models.Property(SENTINEL_PROPERTIES.installPath, component.installPath));
  made.properties.add(new Models.Property(SENTINEL_PROPERTIES.foundBy, component.foundBy));
  return made;
}

/**
 * CycloneDX takes either one licence expression or a list of licences, never both (the
 * library's serializer would keep the expression and drop the rest): several licences of
 * which one is an expression become one expression joined by AND, or, where one of them is
 * no SPDX expression, a list of licences named as written.
 */
function cycloneDxLicences(written: readonly string[]): Models.License[] {
  const made = written.map((licence) => licences.makeFromString(licence));
  if (made.length < 2 || !made.some((licence) => licence instanceof Models.LicenseExpression)) return made;
  if (written.every(isSpdxExpression)) return [new Models.LicenseExpression(written.map((licence) => `(${licence})`).join(' AND '))];
  return written.map((licence) => new Models.NamedLicense(licence));
}

const COMPONENT_TYPES = new Set<string>(Object.values(Enums.ComponentType));
const componentType = (type: string): Enums.ComponentType => (COMPONENT_TYPES.has(type) ? (type as Enums.ComponentType) : Enums.ComponentType.Library);

/**
 * The purl, with the source package as Syft's upstream qualifier when it differs from the
 * package (name, or name@version when only the version differs too): distribution
 * advisories are matched by the source package.
 */
function exportedPurl(component: InventoryComponent): string {
  const purl = component.purl!;
  const source = component.source;
  if (source === null) return purl;
  let parsed: PackageURL;
  try {
    parsed = PackageURL.fromString(purl);
  } catch {
    return purl;
  }
  const bareVersion = component.version?.replace(/^\d+:/, '') ?? null;
  const sourceVersion = source.version.replace(/^\d+:/, '');
  if (source.name === parsed.name && sourceVersion === bareVersion) return purl;
  const upstream = sourceVersion === bareVersion ? source.name : `${source.name}@${source.version}`;
  return new PackageURL(parsed.type, parsed.namespace, parsed.name, parsed.version, { ...parsed.qualifiers, upstream }, parsed.subpath).toString();
}

/** SPDX 2.3 JSON: the asset as the described package, each component a package under it or under its parent. */
export function spdxDocument(subject: ExportSubject, inventory: StoredInventory): JsonText<SbomDocument> {
  const rootId = 'SPDXRef-Asset';
  const packageId = (position: number) => `SPDXRef-Package-${position}`;
  const extracted = new Map<string, string>();
  const refByName = new Map<string, string>();
  const licenceOf = (component: InventoryComponent): string => {
    if (component.licences.length === 0) return 'NOASSERTION';
    const parts = component.licences.map((licence) => {
      if (isSpdxExpression(licence)) return component.licences.length > 1 && /\s/.test(licence) ? `(${licence})` : licence;
      // A licence named in words becomes a LicenseRef- the document declares (SPDX 2.3 section 10),
      // one per name: GPL-2+ and GPL-2 would both be LicenseRef-GPL-2- by the characters allowed.
      const known = refByName.get(licence);
      if (known !== undefined) return known;
      const base = `LicenseRef-${licence.replace(/[^A-Za-z0-9.-]+/g, '-')}`;
      let id = base;
      for (let n = 2; extracted.has(id); n++) id = `${base}-${n}`;
      extracted.set(id, licence);
      refByName.set(licence, id);
      return id;
    });
    return parts.join(' AND ');
  };
  const packages = inventory.components.map((component, position) => ({
    SPDXID: packageId(position),
    name: component.name,
    ...(component.version === null ? {} : { versionInfo: component.version }),
    downloadLocation: 'NOASSERTION',
    filesAnalyzed: false,
    licenseConcluded: 'NOASSERTION',
    licenseDeclared: licenceOf(component),
    copyrightText: 'NOASSERTION',
    ...(component.installPath === null ? {} : { packageFileName: component.installPath }),
    ...(component.source === null ? {} : { sourceInfo: `built package from: ${component.source.name} ${component.source.version}` }),
    primaryPackagePurpose: spdxPurpose(component.type),
    externalRefs: [
      ...(component.purl === null ? [] : [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: exportedPurl(component) }]),
      ...(component.cpe === null ? [] : [{ referenceCategory: 'SECURITY', referenceType: component.cpe.startsWith('cpe:2.3:') ? 'cpe23Type' : 'cpe22Type', referenceLocator: component.cpe }]),
    ],
  }));
  const document = {
    spdxVersion: 'SPDX-2.3',
    dataLicense: 'CC0-1.0',
    SPDXID: 'SPDXRef-DOCUMENT',
    name: subject.reference,
    documentNamespace: `https://spdx.org/spdxdocs/sentinel-${subject.assetId}-${inventory.scanId}`,
    creationInfo: { created: inventory.recordedAt.toISOString().replace(/\.\d+Z$/, 'Z'), creators: [`Tool: ${TOOL.name}`, `Organization: ${TOOL.vendor}`] },
    packages: [
      subject.software === null
        ? { SPDXID: rootId, name: subject.reference, downloadLocation: 'NOASSERTION', filesAnalyzed: false, primaryPackagePurpose: 'CONTAINER', copyrightText: 'NOASSERTION' }
        : {
            SPDXID: rootId,
            name: subject.software.name,
            ...(subject.software.version === null ? {} : { versionInfo: subject.software.version }),
            downloadLocation: 'NOASSERTION',
            filesAnalyzed: false,
            primaryPackagePurpose: 'APPLICATION',
            copyrightText: 'NOASSERTION',
          },
      ...packages,
    ],
    ...(extracted.size === 0 ? {} : { hasExtractedLicensingInfos: [...extracted].map(([licenseId, name]) => ({ licenseId, name, extractedText: name })) }),
    relationships: [
      { spdxElementId: 'SPDXRef-DOCUMENT', relationshipType: 'DESCRIBES', relatedSpdxElement: rootId },
      ...inventory.components.map((component, position) => ({
        spdxElementId: component.parent === null ? rootId : packageId(component.parent),
        relationshipType: 'CONTAINS',
        relatedSpdxElement: packageId(position),
      })),
    ],
  };
  return jsonText(document, 2);
}

const SPDX_PURPOSES: Readonly<Record<string, string>> = {
  application: 'APPLICATION',
  framework: 'FRAMEWORK',
  library: 'LIBRARY',
  container: 'CONTAINER',
  'operating-system': 'OPERATING_SYSTEM',
  device: 'DEVICE',
  firmware: 'FIRMWARE',
  file: 'FILE',
};
const spdxPurpose = (type: string): string => SPDX_PURPOSES[type] ?? 'OTHER';
