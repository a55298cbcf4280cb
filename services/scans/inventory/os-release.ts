// The distribution an image is built on (os-release(5)), and how OSV and the Trivy
// parser spell it: OSV keys distribution advisories by release ('Debian:12'), and an
// OS package matched without its release would meet every release's advisories.
import { osFamily } from '../../findings/index.js';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { OsRelease } from './inventory.js';

/** Where os-release(5) lives: /etc/os-release first, /usr/lib/os-release (its usual symlink target) else. */
export const osReleasePaths = ['/etc/os-release', '/usr/lib/os-release'] as const;

/** Alpine's package repositories: the branch they name is the release Trivy scans against. */
const apkRepositoriesPath = '/etc/apk/repositories';

// os-release is a few hundred bytes; anything far larger is not one.
const MAX_OS_RELEASE_BYTES = 64 * 1024;

/** Whether the pull keeps a path the distribution is read from. */
export function osReleaseWants(imagePath: string): boolean {
  return imagePath === osReleasePaths[0] || imagePath === osReleasePaths[1] || imagePath === apkRepositoriesPath;
}

/** The os-release(5) assignments: KEY=value, the value optionally quoted with shell escapes. */
export function parseOsRelease(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    fields.set(match[1]!, unquote(match[2]!));
  }
  return fields;
}

function unquote(value: string): string {
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
    const inner = value.slice(1, -1);
    return quote === '"' ? inner.replace(/\\([\\"$`])/g, '$1') : inner;
  }
  return value;
}

/** The image's distribution from /etc/os-release, else /usr/lib/os-release; null when neither is there or names no ID. */
export function readOsRelease(files: ImageFileSet): OsRelease | null {
  for (const candidate of osReleasePaths) {
    const content = files.read(candidate);
    if (content === undefined || content.length > MAX_OS_RELEASE_BYTES) continue;
    const fields = parseOsRelease(content.toString('utf8'));
    const id = fields.get('ID')?.trim().toLowerCase();
    if (!id) continue;
    const present = (key: string): string | null => {
      const value = fields.get(key)?.trim();
      return value ? value : null;
    };
    return {
      id,
      versionId: present('VERSION_ID'),
      codename: present('VERSION_CODENAME'),
      prettyName: present('PRETTY_NAME'),
      cpeName: present('CPE_NAME'),
    };
  }
  return null;
}

/**
 * The component ecosystem of the image's OS packages as the Trivy parser spells the
 * OS family (debian, ubuntu, alpine, redhat, rocky, alma, …), or the package manager's
 * own family when the image names no distribution.
 */
export function osComponentEcosystem(os: OsRelease | null, packageManagerFamily: string): string {
  return osFamily(os?.id ?? packageManagerFamily);
}

// Debian releases OSV has records for, by codename, for an os-release without VERSION_ID
// that still names a released codename (some slimmed images drop VERSION_ID).
const debianReleaseByCodename: Record<string, string> = {
  jessie: '8',
  stretch: '9',
  buster: '10',
  bullseye: '11',
  bookworm: '12',
  trixie: '13',
};

/**
 * The OSV ecosystem of the image's OS packages, release included as OSV spells it
 * (osv-schema ecosystems.json), or null when OSV has no such release or it cannot be
 * told: a package of an unknown release is reported, never matched against every
 * release. `files` lets Alpine's repositories name the branch, as Trivy reads them.
 */
export function osvEcosystemOf(os: OsRelease, files?: ImageFileSet): string | null {
  const version = os.versionId;
  switch (os.id) {
    case 'debian': {
      // Testing and unstable write no VERSION_ID and share a codename with the coming
      // release (trixie/sid): OSV's Debian:<n> records are for releases, so neither is one.
      const release = version && /^\d+$/.test(version) ? version : null;
      if (release) return `Debian:${release}`;
      if (version === null && os.codename && !/sid/.test(os.prettyName ?? '') && debianReleaseByCodename[os.codename]) {
        return `Debian:${debianReleaseByCodename[os.codename]}`;
      }
      return null;
    }
    case 'ubuntu': {
      const match = version ? /^(\d{2})\.(\d{2})$/.exec(version) : null;
      if (!match) return null;
      const lts = /\bLTS\b/.test(os.prettyName ?? '') || (Number(match[1]) % 2 === 0 && match[2] === '04');
      return lts ? `Ubuntu:${version}:LTS` : `Ubuntu:${version}`;
    }
    case 'alpine': {
      // OSV publishes no edge release: an image installing from edge is of no known release.
      const branch = (files && alpineBranchOf(files)) ?? alpineBranchOfVersion(version);
      return branch && branch !== 'edge' ? `Alpine:${branch}` : null;
    }
    case 'rhel': {
      // Red Hat's records are keyed by product stream (enterprise_linux:9::baseos, ::appstream, ::crb);
      // an image's CPE names only baseos, so the package is of the major release and the
      // matcher applies every stream of it (ecosystemApplies extends a release segment by segment).
      const cpe = os.cpeName ? /^cpe:\/o:redhat:enterprise_linux:(\d+)/.exec(os.cpeName) : null;
      return cpe ? `Red Hat:enterprise_linux:${cpe[1]}` : null;
    }
    case 'rocky':
      return majorOf(version, (major) => `Rocky Linux:${major}`);
    case 'almalinux':
      return majorOf(version, (major) => `AlmaLinux:${major}`);
    case 'wolfi':
      return 'Wolfi';
    case 'chainguard':
      return 'Chainguard';
    case 'opensuse-leap':
      return version && /^\d+\.\d+$/.test(version) ? `openSUSE:Leap ${version}` : null;
    case 'opensuse-tumbleweed':
      return 'openSUSE:Tumbleweed';
    case 'sles': {
      // SUSE's records name the product as its PRETTY_NAME does: Linux Enterprise Server 15 SP5.
      const match = version ? /^(\d+)(?:\.(\d+))?$/.exec(version) : null;
      if (!match) return null;
      const servicePack = match[2] && match[2] !== '0' ? ` SP${match[2]}` : '';
      return `SUSE:Linux Enterprise Server ${match[1]}${servicePack}`;
    }
    default:
      return null;
  }
}

function majorOf(version: string | null, spell: (major: string) => string): string | null {
  const match = version ? /^(\d+)(?:\.\d+)*$/.exec(version) : null;
  return match ? spell(match[1]!) : null;
}

/** v3.19 from VERSION_ID 3.19.1; null for an edge snapshot (3.20.0_alpha20240329), which OSV has no release for. */
function alpineBranchOfVersion(version: string | null): string | null {
  const match = version ? /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(version) : null;
  return match ? `v${match[1]}.${match[2]}` : null;
}

/**
 * The branch /etc/apk/repositories installs from (…/alpine/v3.19/main): the newest one
 * it names, edge above all, as Trivy reads it, since the image updates against it even
 * when os-release lags behind; null when it names no Alpine branch.
 */
export function alpineBranchOf(files: ImageFileSet): string | null {
  const content = files.read(apkRepositoriesPath);
  if (content === undefined || content.length > MAX_OS_RELEASE_BYTES) return null;
  let newest: { branch: string; major: number; minor: number } | null = null;
  for (const line of content.toString('utf8').split('\n')) {
    const match = /^\s*(?:https?|ftp):\/\/[0-9A-Za-z.-]+\/alpine\/+(edge|v(\d+)\.(\d+))\//.exec(line);
    if (!match) continue;
    if (match[1] === 'edge') return 'edge';
    const [major, minor] = [Number(match[2]), Number(match[3])];
    if (!newest || major > newest.major || (major === newest.major && minor > newest.minor)) newest = { branch: match[1]!, major, minor };
  }
  return newest?.branch ?? null;
}
