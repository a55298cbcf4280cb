// One input rule for every operation, present and future: no string of a request
// (body, query or path) may hold a NUL character or an unpaired surrogate. Neither
// can be stored as PostgreSQL text (it refuses 0x00; an unpaired surrogate is not
// UTF-8), so such a request is refused with a 400 naming the field before any work.
// The document cannot say it: JSON Schema has no pattern that excludes them for
// every string, and a pattern per field would be forgotten on the next one.
import { validationFailed } from '../errors.js';

// A NUL, or a surrogate code unit that is not half of a pair (with the u flag a pair is one code point).
const UNPAIRED_SURROGATE = /\p{Cs}/u;
const hasUnstorableText = (text: string): boolean => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);

/** The JSON-pointer-like locations (as validation problems name them) of every unstorable string, keys included. */
export function unstorableTextIn(value: unknown, where: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (hasUnstorableText(value)) found.push(where);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableTextIn(item, `${where}/${index}`, found));
  } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = `${where}/${escapePointer(key)}`;
      if (hasUnstorableText(key)) found.push(at);
      unstorableTextIn(item, at, found);
    }
  }
  return found;
}

// A key is named as written, with the NUL or surrogate made visible rather than sent back raw.
const escapePointer = (key: string): string => JSON.stringify(key.replaceAll('~', '~0').replaceAll('/', '~1')).slice(1, -1);

/** Refuses (400 validation_failed) a request any string of which cannot be stored. */
export function assertStorableText(request: { path: unknown; query: unknown; body: unknown }): void {
  const found = [...unstorableTextIn(request.path, '/path'), ...unstorableTextIn(request.query, '/query'), ...unstorableTextIn(request.body, '/requestBody')];
  if (found.length === 0) return;
  const problems = found.map((where) => `${where} contains a NUL character or an unpaired surrogate, which text cannot hold`);
  throw validationFailed(`request validation failed: ${problems.join('; ')}`, { problems });
}
