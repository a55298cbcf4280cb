// RPM version order (Red Hat, Rocky Linux, AlmaLinux, SUSE, openSUSE, openEuler, Mageia,
// Azure Linux): rpm's rpmvercmp over [epoch:]version[-release].
//
// The epoch compares as a number (absent is 0), then version and release with
// rpmvercmp: segments of letters or digits, separators ignored, digits newer than
// letters, numbers by value, letters by byte; '~' sorts before everything including
// the end (pre-releases: 1.0~rc1 < 1.0), '^' after the end but before anything else
// (snapshots: 1.0 < 1.0^git1 < 1.0.1). The release follows the first '-' (rpm forbids
// '-' in the version); a missing release sorts before any release, as in osv-scanner,
// whose published cases these are. No npm library implements
// rpmvercmp and is kept (checked in npm.tsv), so it is written here.

interface Evr {
  epoch: string;
  version: string;
  release: string | null;
}

function parseEvr(text: string): Evr | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  // Only digits before the first colon make an epoch; otherwise the colon is one more
  // separator of the version (module streams write nginx:1).
  const colon = trimmed.indexOf(':');
  const hasEpoch = colon !== -1 && /^\d+$/.test(trimmed.slice(0, colon));
  const epoch = hasEpoch ? trimmed.slice(0, colon) : '0';
  const rest = hasEpoch ? trimmed.slice(colon + 1) : trimmed;
  const dash = rest.indexOf('-');
  const version = dash === -1 ? rest : rest.slice(0, dash);
  const release = dash === -1 ? null : rest.slice(dash + 1);
  return { epoch, version, release };
}

export function isValidRpmVersion(version: string): boolean {
  return parseEvr(version) !== null;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlpha = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const isAlnum = (c: string | undefined): boolean => isDigit(c) || isAlpha(c);

/** rpm's rpmvercmp. */
function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && !isAlnum(a[i]) && a[i] !== '~' && a[i] !== '^') i++;
    while (j < b.length && !isAlnum(b[j]) && b[j] !== '~' && b[j] !== '^') j++;

    if (a[i] === '~' || b[j] === '~') {
      if (a[i] !== '~') return 1;
      if (b[j] !== '~') return -1;
      i++;
      j++;
      continue;
    }
    if (a[i] === '^' || b[j] === '^') {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (a[i] !== '^') return 1;
      if (b[j] !== '^') return -1;
      i++;
      j++;
      continue;
    }
    if (i >= a.length || j >= b.length) break;

    const numeric = isDigit(a[i]);
    const inSegment = numeric ? isDigit : isAlpha;
    let endA = i;
    let endB = j;
    while (endA < a.length && inSegment(a[endA])) endA++;
    while (endB < b.length && inSegment(b[endB])) endB++;
    // Segments of different kinds: the numeric one is newer.
    if (endB === j) return numeric ? 1 : -1;

    let segmentA = a.slice(i, endA);
    let segmentB = b.slice(j, endB);
    if (numeric) {
      segmentA = segmentA.replace(/^0+/, '');
      segmentB = segmentB.replace(/^0+/, '');
      if (segmentA.length !== segmentB.length) return segmentA.length > segmentB.length ? 1 : -1;
    }
    if (segmentA !== segmentB) return segmentA < segmentB ? -1 : 1;
    i = endA;
    j = endB;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i >= a.length ? -1 : 1;
}

function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A version without a release sorts before the same version with one (1 < 1-0), as osv-scanner orders. */
function compareReleases(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return rpmvercmp(a, b);
}

/** rpm's order of two valid [epoch:]version[-release] strings. */
export function compareRpmVersions(a: string, b: string): number {
  const x = parseEvr(a)!;
  const y = parseEvr(b)!;
  return (
    compareNumbers(x.epoch, y.epoch) ||
    rpmvercmp(x.version, y.version) ||
    compareReleases(x.release, y.release)
  );
}
