// What the synchronization needs of an OSV record before storing it: its id, when it
// was modified and withdrawn, and the packages it names (affected[].package). The rest
// of the record is kept as published, for the matcher to read. A record failing these
// checks is skipped with a warning; it never stops the synchronization.
import { replaceUnstorableDeep } from '../platform/storable-text.js';
import { normalizePackageName } from './matching/osv-affected.js';
import { baseEcosystem } from './matching/version-order.js';

/** Bounds on what one record may be: the largest real ones (Ubuntu's, listing every version) stay well under. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;
const MAX_NESTING = 64;
const MAX_AFFECTED = 10_000;
const MAX_NAME_LENGTH = 1_000;

interface AdvisoryPackage {
  /** The base ecosystem (Debian for Debian:12). */
  ecosystem: string;
  /** The name as normalizePackageName keys it. */
  name: string;
}

export interface StoredAdvisory {
  id: string;
  /** As the record spells it (RFC 3339, UTC). */
  modified: string;
  withdrawn: string | null;
  packages: AdvisoryPackage[];
  /** The whole record as parsed; text no column can hold is replaced by U+FFFD. */
  record: Record<string, unknown>;
}

type AdvisoryReading = { ok: true; advisory: StoredAdvisory } | { ok: false; problem: string };

/** OSV ids are used as file names in the archive layout (`<ECO>/<ID>.json`), so nothing that could leave a directory. */
const ADVISORY_ID = /^[A-Za-z0-9][A-Za-z0-9._:+-]{0,254}$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?[Zz]$/;

/**
 * The key that orders two OSV timestamps as the instants they name: the fraction padded
 * to nanoseconds, so "…07Z" < "…07.5Z" compares as text. Undefined for text that is not
 * an RFC 3339 UTC timestamp.
 */
export function modifiedKey(timestamp: string): string | undefined {
  const match = TIMESTAMP.exec(timestamp);
  if (!match) return undefined;
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(9, '0')}Z`;
}

/** The deepest nesting of arrays and objects in JSON text, counted outside strings; stops counting past the limit. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads one record's text (a file of the archive, or `<ECO>/<ID>.json`). */
export function readAdvisoryRecord(text: string): AdvisoryReading {
  if (text.length > MAX_RECORD_BYTES) return { ok: false, problem: `larger than ${MAX_RECORD_BYTES} bytes` };
  if (nestingExceeds(text, MAX_NESTING)) return { ok: false, problem: `nested deeper than ${MAX_NESTING} levels` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  if (!isObject(parsed)) return { ok: false, problem: 'not a JSON object' };
  const { id, modified, withdrawn, affected } = parsed;
  if (typeof id !== 'string' || !ADVISORY_ID.test(id)) return { ok: false, problem: 'no valid id' };
  if (typeof modified !== 'string' || modifiedKey(modified) === undefined) return { ok: false, problem: `${id}: modified is not an RFC 3339 UTC timestamp` };
  if (withdrawn !== undefined && (typeof withdrawn !== 'string' || modifiedKey(withdrawn) === undefined)) {
    return { ok: false, problem: `${id}: withdrawn is not an RFC 3339 UTC timestamp` };
  }
  if (affected !== undefined && !Array.isArray(affected)) return { ok: false, problem: `${id}: affected is not an array` };
  if ((affected?.length ?? 0) > MAX_AFFECTED) return { ok: false, problem: `${id}: more than ${MAX_AFFECTED} affected entries` };
  const record = replaceUnstorableDeep(parsed);
  const packages = new Map<string, AdvisoryPackage>();
  for (const entry of (record.affected as unknown[] | undefined) ?? []) {
    // An entry without a package (a GIT range of a repository) names nothing a package lookup can find.
    const pkg = isObject(entry) ? entry.package : undefined;
    if (!isObject(pkg) || typeof pkg.ecosystem !== 'string' || typeof pkg.name !== 'string') continue;
    if (pkg.name === '' || pkg.name.length > MAX_NAME_LENGTH || pkg.ecosystem === '') continue;
    const ecosystem = baseEcosystem(pkg.ecosystem);
    const name = normalizePackageName(ecosystem, pkg.name);
    packages.set(`${ecosystem}\u0000${name}`, { ecosystem, name });
  }
  return { ok: true, advisory: { id, modified, withdrawn: (withdrawn as string | undefined) ?? null, packages: [...packages.values()], record } };
}
