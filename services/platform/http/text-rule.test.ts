// The exemption of the text rule, on schemas of its own: which subtrees a document
// declares, and that only those pass. test/text-rule.test.ts sends requests to
// every operation of the real document.
import { describe, expect, it } from 'vitest';
import type { Operation } from 'openapi-backend';
import { assertStorableText, documentSubtrees, unstorableTextIn } from './text-rule.js';

const operationWithBody = (schema: Record<string, unknown>) => ({ requestBody: { content: { 'application/json': { schema } } } }) as unknown as Operation;

describe('documentSubtrees', () => {
  it('finds marked properties at any depth, through arrays and combinators, and stops at a cycle', () => {
    const condition: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (condition.properties as Record<string, unknown>).all = { type: 'array', items: condition };
    const schema = {
      type: 'object',
      properties: {
        report: { 'x-sentinel-document': true, oneOf: [{ type: 'object' }, { type: 'string' }] },
        attachments: { type: 'array', items: { allOf: [{ type: 'object', properties: { content: { type: 'object', 'x-sentinel-document': true } } }] } },
        condition,
        image: { type: 'string' },
      },
    };
    expect([...documentSubtrees(operationWithBody(schema))].sort()).toEqual(['/requestBody/attachments/*/content', '/requestBody/report']);
  });

  it('finds none in an operation without a body', () => {
    expect(documentSubtrees({} as Operation).size).toBe(0);
  });
});

describe('assertStorableText with declared documents', () => {
  const documents = new Set(['/requestBody/report', '/requestBody/attachments/*/content']);

  it('lets a document hold anything, values and member names, and still refuses every other field', () => {
    const body = {
      report: { 'key\u0000': ['a\ud800'], text: 'x\u0000' },
      attachments: [{ content: 'a\u0000', label: 'b\u0000' }],
      image: 'c\u0000',
    };
    expect(unstorableTextIn(body, '/requestBody', documents)).toEqual(['/requestBody/attachments/0/label', '/requestBody/image']);
    expect(() => assertStorableText({ path: {}, query: {}, body }, documents)).toThrow(/\/requestBody\/image contains a NUL/);
    expect(() => assertStorableText({ path: {}, query: {}, body: { report: 'a\u0000' } }, documents)).not.toThrow();
  });

  it('exempts nothing in the path, the query, or a body whose operation declares no document', () => {
    expect(() => assertStorableText({ path: { report: 'a\u0000' }, query: {}, body: {} }, documents)).toThrow(/\/path\/report/);
    expect(() => assertStorableText({ path: {}, query: { report: 'a\u0000' }, body: {} }, documents)).toThrow(/\/query\/report/);
    expect(() => assertStorableText({ path: {}, query: {}, body: { report: 'a\u0000' } })).toThrow(/\/requestBody\/report/);
  });
});
