// Version order per OSV ecosystem.
//
// An OSV range is a timeline of versions in the ecosystem's own order, so every
// ecosystem the scanner matches needs the comparison its package manager uses:
// dpkg's for Debian and Ubuntu, apk's for Alpine and its descendants, rpmvercmp for the
// RPM distributions, PEP 440, Maven's ComparableVersion, RubyGems, Composer, NuGet and
// SemVer for the rest. Libraries do it where a well-kept one exists (semver,
// @renovatebot/pep440, @renovatebot/ruby-semver); the others are written here, one file
// each, and tested against the package managers' own published comparison cases
// (testdata/, from osv-scalibr).
//
// `compare` throws UnparseableVersionError for a version the ecosystem cannot read;
// the matcher catches it and reports the match as not comparable instead of guessing.
import * as pep440 from '@renovatebot/pep440';
import * as rubyGems from '@renovatebot/ruby-semver';
import { compareApkVersions, isValidApkVersion } from './apk-version.js';
import { compareDpkgVersions, isValidDpkgVersion } from './dpkg-version.js';
import { compareMavenVersions } from './maven-version.js';
import { compareNuGetVersions, isValidNuGetVersion } from './nuget-version.js';
import { comparePackagistVersions, isValidPackagistVersion } from './packagist-version.js';
import { compareRpmVersions, isValidRpmVersion } from './rpm-version.js';
import { checkedOrder, type VersionOrder } from './ordering.js';
import { goSemverOrder, pubSemverOrder, semverOrder } from './semver-like.js';

export { UnparseableVersionError, type VersionOrder } from './ordering.js';

const dpkgOrder = checkedOrder('Debian (dpkg)', isValidDpkgVersion, compareDpkgVersions);
const apkOrder = checkedOrder('Alpine (apk)', isValidApkVersion, compareApkVersions);
const rpmOrder = checkedOrder('RPM', isValidRpmVersion, compareRpmVersions);
const mavenOrder = checkedOrder('Maven', (v) => v.trim() !== '', compareMavenVersions);
const nugetOrder = checkedOrder('NuGet', isValidNuGetVersion, compareNuGetVersions);
const packagistOrder = checkedOrder('Packagist (Composer)', isValidPackagistVersion, comparePackagistVersions);
const pypiOrder = checkedOrder(
  'PyPI (PEP 440)',
  (v) => pep440.valid(v) !== null,
  (a, b) => pep440.compare(a, b),
);
const rubyGemsOrder = checkedOrder(
  'RubyGems',
  (v) => rubyGems.valid(v) !== null,
  (a, b) => (rubyGems.eq(a, b) ? 0 : rubyGems.lt(a, b) ? -1 : 1),
);

/** OSV base ecosystem (the part before the first ':') → its ordering. */
const ORDERS: ReadonlyMap<string, VersionOrder> = new Map([
  ['Debian', dpkgOrder],
  ['Ubuntu', dpkgOrder],
  ['Alpine', apkOrder],
  ['Wolfi', apkOrder],
  ['Chainguard', apkOrder],
  ['MinimOS', apkOrder],
  ['Red Hat', rpmOrder],
  ['Rocky Linux', rpmOrder],
  ['AlmaLinux', rpmOrder],
  ['SUSE', rpmOrder],
  ['openSUSE', rpmOrder],
  ['openEuler', rpmOrder],
  ['Mageia', rpmOrder],
  ['Azure Linux', rpmOrder],
  ['npm', semverOrder],
  ['crates.io', semverOrder],
  ['Hex', semverOrder],
  ['Go', goSemverOrder],
  ['Pub', pubSemverOrder],
  ['PyPI', pypiOrder],
  ['RubyGems', rubyGemsOrder],
  ['Maven', mavenOrder],
  ['NuGet', nugetOrder],
  ['Packagist', packagistOrder],
]);

/** The ecosystem without its release: 'Debian:12' → 'Debian', 'Red Hat:enterprise_linux:9::baseos' → 'Red Hat'. */
export function baseEcosystem(osvEcosystem: string): string {
  const colon = osvEcosystem.indexOf(':');
  return colon === -1 ? osvEcosystem : osvEcosystem.slice(0, colon);
}

/** The order of an OSV ecosystem, with or without its release suffix; null when this scanner cannot order it. */
export function versionOrderFor(osvEcosystem: string): VersionOrder | null {
  return ORDERS.get(baseEcosystem(osvEcosystem)) ?? null;
}
