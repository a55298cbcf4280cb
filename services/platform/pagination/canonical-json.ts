// One text for every spelling of the same request parts: a cursor's filter set
// and an idempotency fingerprint must not depend on the order in which a client
// listed keys or values.
import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, arrays treated as sets (members sorted by their
 * canonical text, duplicates removed) and undefined or null members dropped,
 * so `{ a: [2, 1], b: null }` and `{ a: [1, 2, 1] }` read the same.
 * Only pass arrays whose order carries no meaning; a comma-separated query value
 * must be split into an array first (a free-text value may itself hold commas).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    const members = [...new Set(value.filter((member) => member != null).map(canonicalJson))].sort();
    return `[${members.join(',')}]`;
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, member]) => member != null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
    return `{${entries.join(',')}}`;
  }
  const text = JSON.stringify(value);
  // A function, a symbol or a bare undefined has no JSON form; none is ever a request part.
  if (text === undefined) throw new TypeError(`cannot canonicalize a ${typeof value}`);
  return text;
}

/** SHA-256 of the canonical JSON, hex. */
export function canonicalDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
