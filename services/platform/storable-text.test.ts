import { describe, expect, it } from 'vitest';
import { hasUnstorableText, replaceUnstorableDeep, replaceUnstorableText } from './storable-text.js';

describe('storable text', () => {
  it('finds a NUL and an unpaired surrogate, and leaves a whole pair alone', () => {
    expect(hasUnstorableText('a\u0000b')).toBe(true);
    expect(hasUnstorableText('a\ud800b')).toBe(true);
    expect(hasUnstorableText('a\udfffb')).toBe(true);
    expect(hasUnstorableText('emoji \ud83d\ude00')).toBe(false);
    expect(replaceUnstorableText('\u0000x\ud800\ud83d\ude00')).toEqual({ text: '\ufffdx\ufffd\ud83d\ude00', replaced: 2 });
  });

  it('replaces them in every string of a value, member names included, and keeps the rest as it was', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const value = { ['na\u0000me']: ['a\u0000', { deep: 'b\udc00' }], count: 3, none: null, flag: true, when };
    expect(replaceUnstorableDeep(value)).toEqual({ ['na\ufffdme']: ['a\ufffd', { deep: 'b\ufffd' }], count: 3, none: null, flag: true, when });
    expect(replaceUnstorableDeep(value).when).toBe(when);
    expect(replaceUnstorableDeep('plain')).toBe('plain');
  });
});
