// An SBOM's components as an asset's inventory: each component's
// package URL says its ecosystem, name and version as the built-in scanner spells them
// (inventory/), so a component imported from a document and the same package read from
// an image are one finding's component. Components that cannot be matched are kept
// in the inventory and counted in warnings: no package URL, a package type no advisory
// ecosystem is known for, an OS package of a release OSV has no advisories for.
import { PackageURL } from 'packageurl-js';
import { normalizePackageName } from '../../advisories/index.js';
import { normalizeInstallPath, osFamily, type DeclaredComponent, type DeclaredInventory, type Observation, type ReportWarning } from '../../findings/index.js';
import type { InventoryPackage } from '../inventory/inventory.js';
import { LANGUAGE_ECOSYSTEMS } from '../inventory/language-package.js';
import { osvEcosystemOf } from '../inventory/os-release.js';
import type { AssetInventory, InventoryComponent } from './asset-inventory.js';

/** Package types of the language ecosystems the matcher orders: our spelling (the purl type) and OSV's. */
const LANGUAGE_TYPES: Readonly<Record<string, { ecosystem: string; osvEcosystem: string }>> = {
  ...LANGUAGE_ECOSYSTEMS,
  nuget: { ecosystem: 'nuget', osvEcosystem: 'NuGet' },
  hex: { ecosystem: 'hex', osvEcosystem: 'Hex' },
  pub: { ecosystem: 'pub', osvEcosystem: 'Pub' },
};
const OS_TYPES = new Set(['deb', 'apk', 'rpm']);
// Components that structure a document (the image, its distribution, a lockfile grouping) rather than name a package.
const STRUCTURAL_TYPES = new Set(['operating-system', 'container', 'file', 'platform', 'device']);

// purl namespaces (and distro qualifier prefixes) as os-release IDs, which osvEcosystemOf reads.
const OS_RELEASE_IDS: Readonly<Record<string, string>> = { redhat: 'rhel', alma: 'almalinux', suse: 'sles', opensuse: 'opensuse-leap' };

interface DeclaredAssetInventory {
  inventory: AssetInventory;
  /** The components the built-in matcher can match, as the image analyzers give packages. */
  packages: InventoryPackage[];
  warnings: ReportWarning[];
  /** The document's own vulnerabilities, on the components they affect. */
  observations: Observation[];
}

type Reading =
  | { kind: 'package'; ecosystem: string; osvEcosystem: string | null; name: string; version: string; source: { name: string; version: string } | null; distro: string | null }
  | { kind: 'no_purl' }
  | { kind: 'invalid_purl' }
  | { kind: 'no_version' }
  | { kind: 'unknown_type'; type: string };

export function inventoryOfDeclared(declared: DeclaredInventory): DeclaredAssetInventory {
  const osComponent = declared.components.find((component) => component.type === 'operating-system');
  const documentOs = osComponent ? { id: osReleaseId(osComponent.name.toLowerCase()), version: osComponent.version } : null;
  const positions = new Map<string, number>();
  declared.components.forEach((component, position) => {
    if (component.ref !== null && !positions.has(component.ref)) positions.set(component.ref, position);
  });
  const parents = new Set(declared.components.flatMap((component) => (component.parentRef === null ? [] : [component.parentRef])));

  const components: InventoryComponent[] = [];
  const packages: InventoryPackage[] = [];
  const counts = { noPurl: 0, cpeOnly: 0, invalidPurl: 0, noVersion: 0, unknownTypes: new Map<string, number>(), unknownRelease: new Map<string, number>() };
  for (const declaredComponent of declared.components) {
    const reading = readingOf(declaredComponent, documentOs);
    const structural = STRUCTURAL_TYPES.has(declaredComponent.type) || (declaredComponent.ref !== null && parents.has(declaredComponent.ref));
    const component: InventoryComponent = {
      documentRef: declaredComponent.ref,
      parent: declaredComponent.parentRef === null ? null : (positions.get(declaredComponent.parentRef) ?? null),
      type: declaredComponent.type,
      name: reading.kind === 'package' ? reading.name : declaredComponent.name,
      version: reading.kind === 'package' ? reading.version : declaredComponent.version,
      purl: declaredComponent.purl,
      cpe: declaredComponent.cpe,
      ecosystem: reading.kind === 'package' ? reading.ecosystem : null,
      osvEcosystem: reading.kind === 'package' ? reading.osvEcosystem : null,
      source: reading.kind === 'package' ? reading.source : null,
      installPath: declaredComponent.installPath,
      licences: declaredComponent.licences,
      foundBy: declared.format,
    };
    components.push(component);
    switch (reading.kind) {
      case 'package':
        if (reading.osvEcosystem === null) counts.unknownRelease.set(reading.distro ?? '', (counts.unknownRelease.get(reading.distro ?? '') ?? 0) + 1);
        else
          packages.push({
            ecosystem: reading.ecosystem,
            osvEcosystem: reading.osvEcosystem,
            name: reading.name,
            version: reading.version,
            ...(reading.source === null ? {} : { source: reading.source }),
            purl: declaredComponent.purl!,
            installPath: declaredComponent.installPath,
            licences: declaredComponent.licences,
          });
        break;
      case 'no_purl':
        if (!structural) {
          counts.noPurl += 1;
          if (declaredComponent.cpe !== null) counts.cpeOnly += 1;
        }
        break;
      case 'invalid_purl':
        counts.invalidPurl += 1;
        break;
      case 'no_version':
        counts.noVersion += 1;
        break;
      case 'unknown_type':
        counts.unknownTypes.set(reading.type, (counts.unknownTypes.get(reading.type) ?? 0) + 1);
    }
  }

  const warnings: ReportWarning[] = [];
  const notMatched = (count: number, where: string | null, message: string) => warnings.push({ code: 'package_not_matched', where, count, message });
  if (counts.noPurl > 0) {
    const cpe = counts.cpeOnly > 0 ? ` (${counts.cpeOnly} of them with only a CPE, which is not matched)` : '';
    notMatched(counts.noPurl, null, `${counts.noPurl} components have no package URL${cpe}: they are in the inventory but not matched`);
  }
  if (counts.invalidPurl > 0) notMatched(counts.invalidPurl, null, `${counts.invalidPurl} components have a package URL that cannot be read: they are in the inventory but not matched`);
  if (counts.noVersion > 0) notMatched(counts.noVersion, null, `${counts.noVersion} components name no version: they are in the inventory but not matched`);
  for (const [type, count] of [...counts.unknownTypes].sort()) {
    notMatched(count, `pkg:${type}`, `${count} components of package type ${type} (pkg:${type}/…): no advisory ecosystem is known for it, so they are not matched`);
  }
  for (const [distro, count] of [...counts.unknownRelease].sort()) {
    const release = distro === '' ? 'no distribution release named by the package URL or the document' : `distribution ${distro}`;
    notMatched(count, distro === '' ? null : distro, `${count} operating system packages of ${release}: no OSV advisory release is known for it, so they are not matched`);
  }

  const { observations, skipped } = declaredObservations(declared, components, positions);
  return {
    inventory: { origin: declared.format, os: documentOs, components },
    packages,
    warnings: [...warnings, ...skipped],
    observations,
  };
}

function readingOf(component: DeclaredComponent, documentOs: { id: string; version: string | null } | null): Reading {
  if (component.purl === null) return { kind: 'no_purl' };
  let purl: PackageURL;
  try {
    purl = PackageURL.fromString(component.purl);
  } catch {
    return { kind: 'invalid_purl' };
  }
  const language = LANGUAGE_TYPES[purl.type];
  if (language !== undefined) {
    const version = purl.version ?? component.version;
    if (!version) return { kind: 'no_version' };
    return { kind: 'package', ecosystem: language.ecosystem, osvEcosystem: language.osvEcosystem, name: languageName(purl, component.name), version, source: null, distro: null };
  }
  if (!OS_TYPES.has(purl.type)) return { kind: 'unknown_type', type: purl.type };
  const epoch = purl.qualifiers?.epoch;
  const bare = purl.version ?? component.version;
  if (!bare) return { kind: 'no_version' };
  const version = epoch && epoch !== '0' && !bare.includes(':') ? `${epoch}:${bare}` : bare;
  const os = osOf(purl, documentOs);
  return {
    kind: 'package',
    ecosystem: osFamily(os.id),
    osvEcosystem: osvEcosystemOf({ id: os.id, versionId: os.version, codename: os.codename, prettyName: null, cpeName: os.cpeName }),
    name: purl.name,
    version,
    source: sourceOf(component, purl, version),
    distro: purl.qualifiers?.distro ?? (os.version === null ? null : `${os.id}-${os.version}`),
  };
}

/** The name as the built-in scanner writes it: npm scopes and Go module paths joined by '/', Maven as group:artifact. */
function languageName(purl: PackageURL, declaredName: string): string {
  switch (purl.type) {
    case 'maven':
      return purl.namespace ? `${purl.namespace}:${purl.name}` : purl.name;
    case 'npm':
    case 'golang':
    case 'composer':
      return purl.namespace ? `${purl.namespace}/${purl.name}` : purl.name;
    case 'pypi':
      // The purl lower-cases a PyPI name; the component keeps the project's own spelling (Pygments), as the image's metadata does.
      return normalizePackageName('PyPI', declaredName) === normalizePackageName('PyPI', purl.name) ? declaredName : purl.name;
    default:
      return purl.name;
  }
}

interface PurlOs {
  id: string;
  version: string | null;
  codename: string | null;
  cpeName: string | null;
}

/** The distribution of an OS package: its purl's distro qualifier (debian-12, 3.16.0, ubuntu-22.04), else the document's operating-system component. */
function osOf(purl: PackageURL, documentOs: { id: string; version: string | null } | null): PurlOs {
  const namespaceId = osReleaseId(purl.namespace ?? purl.type);
  const distro = purl.qualifiers?.distro;
  let id = namespaceId;
  let version: string | null = null;
  let codename: string | null = null;
  if (distro) {
    const named = /^([a-z][a-z.]*(?:-[a-z][a-z.]*)*)-(\d[\w.]*)$/.exec(distro);
    if (named) [id, version] = [osReleaseId(named[1]!), named[2]!];
    else if (/^\d/.test(distro)) version = distro;
    else codename = distro;
  } else if (documentOs !== null && osFamily(documentOs.id) === osFamily(namespaceId)) {
    version = documentOs.version;
  }
  const major = version === null ? null : /^(\d+)/.exec(version)?.[1];
  // Trivy names Debian's point release (debian-10.2, from /etc/debian_version); OSV keys Debian by major release.
  if (id === 'debian' && major) version = major;
  return { id, version, codename, cpeName: id === 'rhel' && major ? `cpe:/o:redhat:enterprise_linux:${major}` : null };
}

const osReleaseId = (name: string): string => OS_RELEASE_IDS[name] ?? name;

/**
 * The source package distribution advisories name: the document's (Trivy's properties), else
 * the purl's upstream qualifier as Syft writes it (name, name@version, or a source RPM's file
 * name), else the package itself, as dpkg records a package built from a source of its own name.
 */
function sourceOf(component: DeclaredComponent, purl: PackageURL, version: string): { name: string; version: string } {
  if (component.source !== null) return { name: component.source.name, version: component.source.version ?? version };
  const upstream = purl.qualifiers?.upstream;
  if (upstream) {
    const sourceRpm = /^(.+)-([^-]+)-([^-]+)\.src\.rpm$/.exec(upstream);
    if (sourceRpm) return { name: sourceRpm[1]!, version: `${sourceRpm[2]}-${sourceRpm[3]}` };
    const at = upstream.indexOf('@');
    return at === -1 ? { name: upstream, version } : { name: upstream.slice(0, at), version: upstream.slice(at + 1) };
  }
  return { name: purl.name, version };
}

/** The document's vulnerabilities on the components they affect; an affected reference naming no package is a warning. */
function declaredObservations(declared: DeclaredInventory, components: readonly InventoryComponent[], positions: ReadonlyMap<string, number>): { observations: Observation[]; skipped: ReportWarning[] } {
  const observations: Observation[] = [];
  const skipped: ReportWarning[] = [];
  for (const vulnerability of declared.vulnerabilities) {
    for (const ref of vulnerability.affects) {
      const position = positions.get(ref);
      const component = position === undefined ? undefined : components[position];
      if (component === undefined || component.ecosystem === null) {
        skipped.push({
          code: 'entry_skipped',
          where: vulnerability.where,
          count: 1,
          message: `${vulnerability.where}: ${vulnerability.observation.identifier} affects ${ref}, which is no component with a package URL of a known ecosystem; not recorded`,
        });
        continue;
      }
      observations.push({
        ...vulnerability.observation,
        component: { ecosystem: component.ecosystem, name: component.name, version: component.version },
        install_path: normalizeInstallPath(component.installPath),
        detail: {
          ...vulnerability.observation.detail,
          installed_version: component.version,
          reported_by: vulnerability.source === null ? declared.format : `${declared.format}: ${vulnerability.source}`,
        },
      });
    }
  }
  return { observations, skipped };
}
