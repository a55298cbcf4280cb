import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { definitionFingerprint, definitionJson } from './fingerprint.js';

const lookup = {
  name: 'lookup',
  description: 'Looks a customer up',
  inputSchema: { type: 'object', properties: { id: { type: 'string', enum: ['a', 'b'] } }, required: ['id'] },
  annotations: { readOnlyHint: true },
};

describe('definition fingerprints', () => {
  it('is SHA-256 hex over the canonical JSON, whatever order the server wrote the keys in', () => {
    const reordered = { annotations: { readOnlyHint: true }, inputSchema: { required: ['id'], properties: { id: { enum: ['a', 'b'], type: 'string' } }, type: 'object' }, description: 'Looks a customer up', name: 'lookup' };
    expect(definitionJson(reordered)).toBe(definitionJson(lookup));
    expect(definitionFingerprint(reordered)).toBe(createHash('sha256').update(definitionJson(lookup)).digest('hex'));
  });

  it('changes with any member, not only the description', () => {
    const base = definitionFingerprint(lookup);
    const variants = [
      { ...lookup, inputSchema: { ...lookup.inputSchema, required: [] } },
      { ...lookup, annotations: { readOnlyHint: false } },
      { ...lookup, outputSchema: { type: 'object' } },
      { ...lookup, annotations: { ...lookup.annotations, someFutureHint: true } },
      { ...lookup, _meta: { owner: 'x' } },
    ];
    for (const variant of variants) expect(definitionFingerprint(variant)).not.toBe(base);
  });

  it('keeps array order and nulls: they are part of a definition', () => {
    const reversedEnum = { ...lookup, inputSchema: { ...lookup.inputSchema, properties: { id: { type: 'string', enum: ['b', 'a'] } } } };
    expect(definitionFingerprint(reversedEnum)).not.toBe(definitionFingerprint(lookup));
    expect(definitionFingerprint({ ...lookup, title: null })).not.toBe(definitionFingerprint(lookup));
  });
});
