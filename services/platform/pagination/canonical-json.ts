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
 * Written without recursion: an idempotency fingerprint digests a customer's
 * report, which may nest deeper than a recursive walk could go.
 */
export function canonicalJson(value: unknown): string {
  const enclosing: Container[] = [];
  let opened = open(value);
  for (;;) {
    if (typeof opened !== 'string') enclosing.push(opened);
    else if (enclosing.length === 0) return opened;
    else enclosing.at(-1)!.texts.push(opened);
    const innermost = enclosing.at(-1)!;
    if (innermost.texts.length < innermost.members.length) {
      opened = open(innermost.members[innermost.texts.length]);
    } else {
      enclosing.pop();
      opened = closed(innermost);
    }
  }
}

/** An array or object whose members' canonical texts are being written, in `members` order. */
interface Container {
  names: string[] | undefined;
  members: unknown[];
  texts: string[];
}

/** A value's canonical text, or the container whose members are to be written first. */
function open(value: unknown): Container | string {
  if (Array.isArray(value)) return { names: undefined, members: value.filter((member) => member != null), texts: [] };
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, member]) => member != null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { names: entries.map(([name]) => name), members: entries.map(([, member]) => member), texts: [] };
  }
  const text = JSON.stringify(value);
  // A function, a symbol or a bare undefined has no JSON form; none is ever a request part.
  if (text === undefined) throw new TypeError(`cannot canonicalize a ${typeof value}`);
  return text;
}

function closed({ names, texts }: Container): string {
  if (names === undefined) return `[${[...new Set(texts)].sort().join(',')}]`;
  return `{${names.map((name, index) => `${JSON.stringify(name)}:${texts[index]}`).join(',')}}`;
}

/** SHA-256 of the canonical JSON, hex. */
export function canonicalDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
