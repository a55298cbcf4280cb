// What the OS-package analyzers (dpkg, apk, rpm) share: the distribution's spelling on
// each package, the purl as Trivy writes it, and the warning when the release is unknown.
import { PackageURL } from 'packageurl-js';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { InventoryWarning, OsRelease } from './inventory.js';
import { osComponentEcosystem, osvEcosystemOf } from './os-release.js';

/** The spelling every package of one image's package database carries. */
interface OsSpelling {
  ecosystem: string;
  osvEcosystem: string | null;
  /** The purl namespace: the OS family as the purl types name it (debian, ubuntu, alpine, redhat, …). */
  purlNamespace: string;
  /** The purl `distro` qualifier as Trivy writes it (debian-12, 3.19.1), null when the image names no release. */
  distro: string | null;
}

/**
 * The spelling of an image's OS packages. The warning, when OSV has no release for the
 * image (or the image names none), says so once per package database: its packages are
 * listed but matched against nothing.
 */
export function osSpellingOf(
  analyzer: string,
  packageManagerFamily: string,
  distroQualifier: 'family-version' | 'version',
  files: ImageFileSet,
  os: OsRelease | null,
  packageCount: number,
): { spelling: OsSpelling; warning: InventoryWarning | null } {
  const ecosystem = osComponentEcosystem(os, packageManagerFamily);
  const osvEcosystem = os ? osvEcosystemOf(os, files) : null;
  const purlNamespace = purlNamespaceOf(ecosystem);
  const family = currentTrivyFamily[ecosystem] ?? ecosystem;
  const distro = os?.versionId ? (distroQualifier === 'version' ? os.versionId : `${family}-${os.versionId}`) : null;
  const release = os ? `${os.prettyName ?? os.id}${os.versionId ? ` (${os.id} ${os.versionId})` : ` (${os.id}, no VERSION_ID)`}` : null;
  const warning: InventoryWarning | null =
    osvEcosystem === null && packageCount > 0
      ? {
          analyzer,
          message: release
            ? `${packageCount} ${analyzer} packages of ${release}: no OSV advisory release is known for this distribution, so they are not matched`
            : `${packageCount} ${analyzer} packages in an image without /etc/os-release or /usr/lib/os-release: the release is unknown, so they are not matched`,
        }
      : null;
  return { spelling: { ecosystem, osvEcosystem, purlNamespace, distro }, warning };
}

// The component ecosystem keeps the family names Trivy reported before it renamed the
// SUSE families (findings' vocabulary); the purl's distro qualifier uses today's names.
const currentTrivyFamily: Record<string, string> = {
  'suse linux enterprise server': 'sles',
  'suse linux enterprise micro': 'slem',
  'opensuse.leap': 'opensuse-leap',
  'opensuse.tumbleweed': 'opensuse-tumbleweed',
};

// Trivy's purl namespace for the SUSE families (types.OSType.PurlNamespace); the others are the family.
function purlNamespaceOf(ecosystem: string): string {
  if (ecosystem === 'suse linux enterprise server' || ecosystem === 'suse linux enterprise micro') return 'suse';
  if (ecosystem.startsWith('opensuse')) return 'opensuse';
  return ecosystem;
}

/**
 * The package URL as Trivy writes it: the epoch moved out of the version into an
 * `epoch` qualifier, `arch` and `distro` qualifiers when known. Throws nothing: a name
 * packageurl-js refuses gives null and the caller skips the package with a warning.
 */
export function osPackageUrl(
  type: 'deb' | 'apk' | 'rpm',
  namespace: string,
  name: string,
  version: string,
  arch: string | null,
  distro: string | null,
): string | null {
  const epochMatch = /^(\d+):(.+)$/.exec(version);
  const qualifiers: Record<string, string> = {};
  if (arch) qualifiers.arch = arch;
  if (epochMatch && epochMatch[1] !== '0') qualifiers.epoch = String(Number(epochMatch[1]));
  if (distro) qualifiers.distro = distro;
  try {
    const purlName = type === 'apk' ? name.toLowerCase() : name;
    return new PackageURL(type, namespace, purlName, epochMatch ? epochMatch[2]! : version, qualifiers, undefined).toString();
  } catch {
    return null;
  }
}

/** Splits text into blank-line separated records of lines, at most `maxRecords` (the rest is reported as cut). */
export function blankLineRecords(text: string, maxRecords: number): { records: string[][]; cut: boolean } {
  const records: string[][] = [];
  let current: string[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '') {
      if (current.length > 0) {
        if (records.length === maxRecords) return { records, cut: true };
        records.push(current);
        current = [];
      }
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) {
    if (records.length === maxRecords) return { records, cut: true };
    records.push(current);
  }
  return { records, cut: false };
}

/** A database holds at most this many packages; a larger count is not a real image's (Debian's archive has about 65,000 binary packages). */
export const MAX_PACKAGES_PER_DATABASE = 100_000;
