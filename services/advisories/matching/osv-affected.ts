// Whether an OSV record affects an installed package, by the
// evaluation the OSV schema gives (ossf/osv-schema docs/schema.md, "Evaluation"):
//
// - A withdrawn record never matches.
// - An `affected[]` entry applies when its ecosystem and package name are the package's.
//   Ecosystems compare by base name and, when both sides carry one, by release; a
//   package of an OS ecosystem whose release is unknown matches no release-specific
//   record (matching every release floods a scan with other releases' advisories). A
//   record release extends a package release segment by segment, so a RHEL package
//   'Red Hat:enterprise_linux:9' matches 'Red Hat:enterprise_linux:9::appstream'.
//   Names are normalised per ecosystem (PEP 503 for PyPI, case-insensitive NuGet,
//   Packagist and crates.io, Go's toolchain `go` as `stdlib`).
// - The installed version keeps its RPM epoch for the Red Hat family, whose fixes carry
//   one, and loses it for the RPM distributions whose advisories write none.
// - The version matches an explicit `versions[]` entry (the same text, or equal in the
//   ecosystem's order), or falls in an ECOSYSTEM or SEMVER range: events sorted in the
//   ecosystem's order (introduced "0" first), then walked: introduced ≤ v opens,
//   fixed ≤ v closes, last_affected < v closes; `limit` events bound the range from
//   above (v must be below one of them; "*" is no bound). GIT ranges need the
//   repository's history and are skipped; the entry's other ranges and versions still
//   count.
// - A version the ordering cannot read (or a range naming one) is not guessed at: if
//   nothing else matches, the result says the entry could not be compared and why.
//
// The result names the entry, how it matched, and the `fixed` of the matching range
// segment (the first fix above the installed version), which makes fixability right.
import type { OsvAffected, OsvRange, OsvRecord } from './osv-record.js';
import { goSemverOrder, semverOrder } from './semver-like.js';
import { baseEcosystem, UnparseableVersionError, versionOrderFor, type VersionOrder } from './version-order.js';

export interface PackageToMatch {
  /** As the inventory gives it: 'Debian:12', 'npm', 'Red Hat:enterprise_linux:9'… */
  osvEcosystem: string;
  name: string;
  version: string;
}

export interface AffectedMatch {
  /** Index of the matching entry in record.affected. */
  affectedIndex: number;
  affected: OsvAffected;
  /**
   * 'versions': listed in the entry's versions[]; 'range': inside an ECOSYSTEM or SEMVER
   * range; 'not_comparable': the entry names the package but its ranges could not be
   * evaluated for this version (see `notComparable`), and nothing else matched.
   */
  matchedBy: 'versions' | 'range' | 'not_comparable';
  /** Index of the matching range in affected.ranges (matchedBy 'range'). */
  rangeIndex: number | null;
  /** The fix of the matching range segment; null when unfixed (no fixed event above the version, or last_affected). */
  fixedVersion: string | null;
  /** The range segment's last_affected, when it ends with one instead of a fix. */
  lastAffected: string | null;
  /** Why the entry could not be compared (matchedBy 'not_comparable'), else null. */
  notComparable: string | null;
}

/** OSV ecosystems whose records are per release; a package of these without a release matches no release-specific record. */
const RELEASED_ECOSYSTEMS = new Set([
  'AlmaLinux',
  'Alpine',
  'Azure Linux',
  'Debian',
  'Mageia',
  'openEuler',
  'openSUSE',
  'Photon OS',
  'Red Hat',
  'Rocky Linux',
  'SUSE',
  'Ubuntu',
]);

function splitEcosystem(ecosystem: string): { base: string; release: string | null } {
  const base = baseEcosystem(ecosystem);
  const release = ecosystem.length > base.length + 1 ? ecosystem.slice(base.length + 1) : null;
  return { base, release };
}

/** Whether a record's ecosystem applies to a package's (see the header for the rule). */
export function ecosystemApplies(recordEcosystem: string, packageEcosystem: string): boolean {
  const record = splitEcosystem(recordEcosystem);
  const pkg = splitEcosystem(packageEcosystem);
  if (record.base !== pkg.base) return false;
  if (record.release === null) return true;
  if (pkg.release === null) return !RELEASED_ECOSYSTEMS.has(pkg.base);
  return record.release === pkg.release || record.release.startsWith(`${pkg.release}:`);
}

/** RPM distributions whose advisories write no epoch, as osv-scanner assumes (Red Hat, Rocky and Alma write 0:1.2-3.el9). */
const RPM_WITHOUT_EPOCHS = new Set(['SUSE', 'openSUSE', 'openEuler', 'Mageia', 'Azure Linux']);

/**
 * The installed version as the ecosystem's advisories write it: an RPM epoch is kept for
 * the Red Hat family, whose fixes carry one, and dropped for the RPM distributions whose
 * advisories write none (1:5.1-6 is compared with 5.1-7 as 5.1-6, as osv-scanner
 * does), since an epoch on one side only would put every fix below the installed version.
 */
function comparableVersion(osvEcosystem: string, version: string): string {
  return RPM_WITHOUT_EPOCHS.has(baseEcosystem(osvEcosystem)) ? version.replace(/^\d+:/, '') : version;
}

/** The name as the ecosystem compares names. */
export function normalizePackageName(osvEcosystem: string, name: string): string {
  switch (baseEcosystem(osvEcosystem)) {
    case 'PyPI':
      return name.toLowerCase().replace(/[-_.]+/g, '-');
    case 'NuGet':
    case 'Packagist':
    case 'Hex':
      return name.toLowerCase();
    case 'crates.io':
      return name.toLowerCase().replace(/_/g, '-');
    case 'Go':
      return name === 'go' ? 'stdlib' : name;
    default:
      return name;
  }
}

type RangeResult =
  | { kind: 'affected'; fixedVersion: string | null; lastAffected: string | null }
  | { kind: 'not_affected' }
  | { kind: 'not_comparable'; reason: string };

interface SortableEvent {
  kind: 'introduced' | 'fixed' | 'last_affected' | 'limit';
  version: string;
}

const TIE_ORDER = { introduced: 0, fixed: 1, last_affected: 2, limit: 3 } as const;

function eventsOf(range: OsvRange): SortableEvent[] {
  const events: SortableEvent[] = [];
  for (const event of range.events) {
    const named = event as Partial<Record<SortableEvent['kind'], string>>;
    for (const kind of ['introduced', 'fixed', 'last_affected', 'limit'] as const) {
      const version = named[kind];
      if (version !== undefined) events.push({ kind, version });
    }
  }
  return events;
}

function orderForRange(range: OsvRange, ecosystem: string): VersionOrder | null {
  if (range.type === 'SEMVER') return baseEcosystem(ecosystem) === 'Go' ? goSemverOrder : semverOrder;
  return versionOrderFor(ecosystem);
}

/** The schema's IncludedInRanges for one range, with the segment's fix. */
function evaluateRange(range: OsvRange, ecosystem: string, version: string): RangeResult {
  const order = orderForRange(range, ecosystem);
  if (order === null) return { kind: 'not_comparable', reason: `no version order for ${ecosystem}` };
  if (!order.isValid(version)) {
    return { kind: 'not_comparable', reason: new UnparseableVersionError(version, range.type === 'SEMVER' ? 'SemVer' : ecosystem).message };
  }
  const events = eventsOf(range);
  const isZero = (event: SortableEvent): boolean => event.kind === 'introduced' && event.version === '0';
  const isInfinity = (event: SortableEvent): boolean => event.kind === 'limit' && event.version.includes('*');
  for (const event of events) {
    if (!isZero(event) && !isInfinity(event) && !order.isValid(event.version)) {
      return { kind: 'not_comparable', reason: `the range's ${event.kind} ${JSON.stringify(event.version.slice(0, 80))} is not readable in ${ecosystem}'s order` };
    }
  }

  const limits = events.filter((event) => event.kind === 'limit');
  if (limits.length > 0 && !limits.some((limit) => isInfinity(limit) || order.compare(version, limit.version) < 0)) {
    return { kind: 'not_affected' };
  }

  const timeline = events
    .filter((event) => event.kind !== 'limit')
    .sort((a, b) => {
      if (isZero(a) || isZero(b)) return isZero(a) === isZero(b) ? 0 : isZero(a) ? -1 : 1;
      return order.compare(a.version, b.version) || TIE_ORDER[a.kind] - TIE_ORDER[b.kind];
    });

  // Events at or below the version decide whether it is affected; the first fix or
  // last_affected above it (while affected) ends its segment.
  let vulnerable = false;
  let segmentEnd: SortableEvent | null = null;
  for (const event of timeline) {
    if (event.kind === 'introduced') {
      if (isZero(event) || order.compare(version, event.version) >= 0) vulnerable = true;
    } else if (event.kind === 'fixed') {
      if (order.compare(version, event.version) >= 0) vulnerable = false;
      else if (vulnerable && segmentEnd === null) segmentEnd = event;
    } else if (order.compare(version, event.version) > 0) {
      vulnerable = false;
    } else if (vulnerable && segmentEnd === null) {
      segmentEnd = event;
    }
  }
  if (!vulnerable) return { kind: 'not_affected' };
  return {
    kind: 'affected',
    fixedVersion: segmentEnd?.kind === 'fixed' ? segmentEnd.version : null,
    lastAffected: segmentEnd?.kind === 'last_affected' ? segmentEnd.version : null,
  };
}

/** A comparison that fails for a reason no check foresaw still yields an answer, never an exception. */
function evaluateRangeSafely(range: OsvRange, ecosystem: string, version: string): RangeResult {
  try {
    return evaluateRange(range, ecosystem, version);
  } catch (error) {
    return { kind: 'not_comparable', reason: error instanceof Error ? error.message : String(error) };
  }
}

function listedIn(versions: readonly string[], version: string, order: VersionOrder | null): boolean {
  if (versions.includes(version)) return true;
  if (order === null || !order.isValid(version)) return false;
  return versions.some((listed) => {
    try {
      return order.isValid(listed) && order.compare(listed, version) === 0;
    } catch {
      return false;
    }
  });
}

/**
 * Whether `record` affects `pkg`: null when it does not (or is withdrawn); otherwise the
 * first affected entry that matches, preferring a definite match over an entry that
 * could not be compared.
 */
export function matchRecord(record: OsvRecord, pkg: PackageToMatch): AffectedMatch | null {
  if (record.withdrawn !== undefined && record.withdrawn !== '') return null;
  const name = normalizePackageName(pkg.osvEcosystem, pkg.name);
  const version = comparableVersion(pkg.osvEcosystem, pkg.version.trim());
  let undecided: AffectedMatch | null = null;

  for (const [affectedIndex, affected] of (record.affected ?? []).entries()) {
    const named = affected.package;
    if (named === undefined || !ecosystemApplies(named.ecosystem, pkg.osvEcosystem)) continue;
    if (normalizePackageName(named.ecosystem, named.name) !== name) continue;

    const base = { affectedIndex, affected, rangeIndex: null, fixedVersion: null, lastAffected: null, notComparable: null };
    if (version === '') {
      undecided ??= { ...base, matchedBy: 'not_comparable', notComparable: 'the package has no version' };
      continue;
    }
    let notComparable: string | null = null;
    for (const [rangeIndex, range] of (affected.ranges ?? []).entries()) {
      if (range.type !== 'ECOSYSTEM' && range.type !== 'SEMVER') continue;
      const result = evaluateRangeSafely(range, named.ecosystem, version);
      if (result.kind === 'affected') {
        return { ...base, matchedBy: 'range', rangeIndex, fixedVersion: result.fixedVersion, lastAffected: result.lastAffected };
      }
      if (result.kind === 'not_comparable') notComparable ??= result.reason;
    }
    if (affected.versions !== undefined && listedIn(affected.versions, version, versionOrderFor(named.ecosystem))) {
      return { ...base, matchedBy: 'versions' };
    }
    if (notComparable !== null) undecided ??= { ...base, matchedBy: 'not_comparable', notComparable };
  }
  return undecided;
}
