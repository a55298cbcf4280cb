// SemVer order for npm, crates.io, Hex, Go and Pub, through the `semver` library.
//
// Advisory data and installed versions are not always strict SemVer 2.0, so the text is
// made readable first, as osv-scanner does: a leading `v` is allowed (Go modules write
// it), missing minor and patch read as 0, components after the third are ignored and
// build metadata does not order (except in Pub, whose pub_semver sorts `+build` after
// the release). Go toolchain tags as the `stdlib` and `toolchain` pseudo-modules carry
// them (`go1.21rc2`, `go1.16`) become SemVer the way golang.org/x/vuln's GoTagToSemver
// does (`1.21.0-rc.2`, `1.16.0`). Go pseudo-versions (v0.0.0-20191109021931-daa7c04131f5)
// are SemVer prereleases whose timestamp orders them, so they need nothing special.
//
// Numeric identifiers above 2^53 are refused by `semver`; such a version is not
// comparable (no real release carries one).
import semver from 'semver';
import { checkedOrder, type VersionOrder } from './ordering.js';

const LENIENT = /^[vV]?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.\d+)*(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

function stripLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** The strict SemVer spelling of a lenient version, build metadata kept; null when it is not one. */
function lenientSemver(version: string): semver.SemVer | null {
  const match = LENIENT.exec(version.trim());
  if (match === null) return null;
  const [, major, minor = '0', patch = '0', prerelease = '', build = ''] = match;
  const text = `${stripLeadingZeros(major!)}.${stripLeadingZeros(minor)}.${stripLeadingZeros(patch)}${prerelease}${build}`;
  try {
    return semver.parse(text, { loose: true });
  } catch {
    return null;
  }
}

const GO_TAG = /^go(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:(beta|rc)(\d+))?$/;

/**
 * A Go toolchain tag as SemVer: go1.21rc2 → 1.21.0-rc.2, go1.16 → 1.16.0, go1.9beta1 →
 * 1.9.0-beta.1; anything else unchanged. Only the first Go releases (go1, go1.N before
 * 1.21) lack a patch number; the pre-release of 1.21 onward names the .0 release.
 */
export function goTagToSemver(tag: string): string {
  const match = GO_TAG.exec(tag);
  if (match === null) return tag;
  const [, major, minor = '0', patch = '0', kind, number] = match;
  const release = `${major}.${minor}.${patch}`;
  return kind === undefined ? release : `${release}-${kind}.${number}`;
}

export const semverOrder: VersionOrder = checkedOrder(
  'SemVer',
  (v) => lenientSemver(v) !== null,
  (a, b) => lenientSemver(a)!.compare(lenientSemver(b)!),
);

export const goSemverOrder: VersionOrder = checkedOrder(
  'Go (SemVer)',
  (v) => lenientSemver(goTagToSemver(v)) !== null,
  (a, b) => lenientSemver(goTagToSemver(a))!.compare(lenientSemver(goTagToSemver(b))!),
);

export const pubSemverOrder: VersionOrder = checkedOrder(
  'Pub (SemVer, build ordered)',
  (v) => lenientSemver(v) !== null,
  (a, b) => {
    const x = lenientSemver(a)!;
    const y = lenientSemver(b)!;
    return x.compare(y) || x.compareBuild(y);
  },
);
