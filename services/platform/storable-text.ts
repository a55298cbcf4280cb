// Text no column can hold: a NUL character (PostgreSQL text and jsonb refuse 0x00)
// and a surrogate code unit that is not half of a pair (not UTF-8; Node's encoders,
// Avro's included, silently turn it into U+FFFD on the way out, while a NUL passes
// through every hop and then stops the write). The request facade refuses such text
// (http/text-rule.ts); a customer's document, such as a scanner report, keeps its
// content with each such character replaced visibly.

// With the u flag a well-formed surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;
const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, 'gu');

/** Whether the text holds a NUL or an unpaired surrogate. */
export const hasUnstorableText = (text: string): boolean => UNSTORABLE.test(text);

/** The text with each NUL and unpaired surrogate replaced by U+FFFD, and how many were replaced. */
export function replaceUnstorableText(text: string): { text: string; replaced: number } {
  let replaced = 0;
  const storable = text.replace(EVERY_UNSTORABLE, () => {
    replaced += 1;
    return '\uFFFD';
  });
  return { text: storable, replaced };
}

/** A JSON-like value with every string in it, member names included, made storable as replaceUnstorableText does. */
export function replaceUnstorableDeep<T>(value: T): T {
  if (typeof value === 'string') return replaceUnstorableText(value).text as T;
  if (Array.isArray(value)) return value.map((member: unknown) => replaceUnstorableDeep(member)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [replaceUnstorableText(key).text, replaceUnstorableDeep(member)])) as T;
  }
  return value;
}
