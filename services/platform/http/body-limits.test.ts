// The shape of a body, measured on its text and on its parsed value, neither by recursion.
// test/body-limits.test.ts sends bodies past the limits to every operation of the real document.
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyShapeRefusal, measureJsonText, measureParsedBody } from './body-limits.js';

const nested = (depth: number, inner = '1'): string => '['.repeat(depth) + inner + ']'.repeat(depth);
const unbounded = { depth: Number.MAX_SAFE_INTEGER, members: Number.MAX_SAFE_INTEGER };

describe('measureJsonText', () => {
  it.each([
    ['1', 0, 0],
    ['"a"', 0, 0],
    ['{}', 1, 0],
    ['[]', 1, 0],
    ['[ ]', 1, 0],
    ['[1]', 1, 1],
    ['{"a":[1,2,{"b":[]}],"c":"x"}', 4, 6],
    [' { "a" : [ 1 , 2 ] } ', 2, 3],
  ])('measures %s as depth %i with %i members', (text, depth, members) => {
    expect(measureJsonText(text, unbounded)).toEqual({ depth, members });
    expect(measureParsedBody(JSON.parse(text), new Set(), unbounded)).toEqual({ depth, members });
  });

  it('counts nothing inside strings, escaped quotes and brackets included', () => {
    expect(measureJsonText(JSON.stringify({ a: '[[{,"\\"]]', b: ['\\', '"'] }), unbounded)).toEqual({ depth: 2, members: 4 });
  });

  it('measures a body far deeper than any recursion could walk, and stops at the first bound crossed', () => {
    const deep = nested(1_000_000);
    expect(measureJsonText(deep, unbounded)).toEqual({ depth: 1_000_000, members: 1_000_000 });
    expect(measureJsonText(deep, BODY_LIMITS).depth).toBe(BODY_LIMITS.depth + 1);
    expect(measureParsedBody(JSON.parse(deep), new Set(), unbounded)).toEqual({ depth: 1_000_000, members: 1_000_000 });
  });

  it('stops counting members past the bound', () => {
    expect(measureJsonText(`[${'0,'.repeat(200_000)}0]`, BODY_LIMITS)).toEqual({ depth: 1, members: BODY_LIMITS.members + 1 });
  });
});

describe('measureParsedBody', () => {
  it('leaves out the exempt subtrees, however deep they are, and counts the rest', () => {
    const body = { report: JSON.parse(nested(100_000)), reports: [{ content: JSON.parse(nested(100_000)), label: ['a'] }], image: 'x' };
    expect(measureParsedBody(body, new Set(['/requestBody/report', '/requestBody/reports/*/content']), unbounded)).toEqual({ depth: 4, members: 5 });
  });
});

describe('bodyShapeRefusal', () => {
  it('refuses past either bound with validation_failed, and lets the bounds themselves through', () => {
    expect(bodyShapeRefusal(BODY_LIMITS, BODY_LIMITS)).toBeUndefined();
    expect(bodyShapeRefusal({ depth: 65, members: 1 }, BODY_LIMITS)).toMatchObject({ code: 'validation_failed', message: 'request body nested deeper than 64 levels' });
    expect(bodyShapeRefusal({ depth: 1, members: 100_001 }, BODY_LIMITS)).toMatchObject({ code: 'validation_failed', message: 'request body holds more than 100000 members' });
  });
});
