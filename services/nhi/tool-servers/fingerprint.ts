// A definition's fingerprint: SHA-256 over its WHOLE canonical content, every
// member the server sent (name, title, description, input and output schemas,
// annotations, icons, _meta and any member a later protocol version adds).
// mcp-scan hashes only a tool's description, so a changed input schema goes
// unseen there; here any change of content changes the fingerprint, and nothing
// else does: object keys are sorted, whitespace is not part of the text.
//
// Not the platform's canonicalJson (services/platform/pagination): that one reads
// arrays as sets and drops nulls, which is right for request parts and wrong
// here, where `enum: [a, b]` against `[b, a]`, or `default: null` against no
// default, are different definitions.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted (by UTF-16 code units), arrays in their order, every member kept. */
export function definitionJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(definitionJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${definitionJson((value as Record<string, unknown>)[name])}`);
    return `{${members.join(',')}}`;
  }
  // A definition is parsed JSON: only strings, numbers, booleans and null remain here.
  return JSON.stringify(value);
}

/** SHA-256 hex of the definition's canonical JSON. */
export function definitionFingerprint(definition: unknown): string {
  return createHash('sha256').update(definitionJson(definition)).digest('hex');
}
