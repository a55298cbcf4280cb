import { describe, expect, it } from 'vitest';
import { toHttpError } from '../errors.js';
import { MAX_CURSOR_LENGTH } from './cursor.js';
import { pageEnvelope, parsePageRequest } from './page.js';

const findingOrders = { orders: ['severity', 'recent'] as const, defaultOrder: 'severity' as const };
const refusal = (attempt: () => unknown) => {
  try {
    attempt();
  } catch (error) {
    return toHttpError(error);
  }
  throw new Error('expected a refusal');
};

describe('parsePageRequest', () => {
  it('defaults to 50 rows in the default order on the first page', () => {
    expect(parsePageRequest({}, findingOrders)).toEqual({ limit: 50, order: 'severity', cursor: undefined });
  });

  it('accepts 1 to 200, as a number or as query text', () => {
    expect(parsePageRequest({ limit: 1 }, findingOrders).limit).toBe(1);
    expect(parsePageRequest({ limit: '200' }, findingOrders).limit).toBe(200);
  });

  it('clamps a larger limit to 200', () => {
    expect(parsePageRequest({ limit: 201 }, findingOrders).limit).toBe(200);
    expect(parsePageRequest({ limit: '100000000000000000000' }, findingOrders).limit).toBe(200);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 2.5],
    ['zero as text', '0'],
    ['empty', ''],
    ['not a number', 'ten'],
    ['exponent notation', '1e2'],
    ['padded', ' 5'],
    ['repeated', ['5', '6']],
    ['boolean', true],
  ])('refuses a limit that is %s with 400', (_, limit) => {
    expect(refusal(() => parsePageRequest({ limit }, findingOrders))).toEqual({
      status: 400,
      body: { error: 'limit must be a whole number of at least 1', code: 'validation_failed' },
      headers: {},
    });
  });

  it('refuses an unknown order naming the allowed values', () => {
    expect(refusal(() => parsePageRequest({ order: 'newest' }, findingOrders)).body).toEqual({
      error: 'order must be one of: severity, recent',
      code: 'validation_failed',
    });
    expect(parsePageRequest({ order: 'recent' }, findingOrders).order).toBe('recent');
  });

  it('treats an empty cursor as the first page and refuses an oversized one at once', () => {
    expect(parsePageRequest({ cursor: '' }, findingOrders).cursor).toBeUndefined();
    expect(parsePageRequest({ cursor: 'abc.def' }, findingOrders).cursor).toBe('abc.def');
    expect(refusal(() => parsePageRequest({ cursor: 'x'.repeat(MAX_CURSOR_LENGTH + 1) }, findingOrders)).body).toEqual({
      error: 'invalid or expired cursor',
      code: 'validation_failed',
    });
    expect(refusal(() => parsePageRequest({ cursor: ['a', 'b'] }, findingOrders)).body.error).toBe('invalid or expired cursor');
  });
});

describe('pageEnvelope', () => {
  it('carries the next cursor while more rows follow', () => {
    expect(pageEnvelope({ items: [1, 2], limit: 2, stable: true, hasMore: true, nextCursor: 'c', total: 5 })).toEqual({
      items: [1, 2],
      page: { limit: 2, stable: true },
      has_more: true,
      next_cursor: 'c',
      total: 5,
    });
  });

  it('omits next_cursor on the last page', () => {
    const last = pageEnvelope({ items: [5], limit: 2, stable: false, hasMore: false, nextCursor: undefined, total: 5 });
    expect(last).toEqual({ items: [5], page: { limit: 2, stable: false }, has_more: false, total: 5 });
    expect('next_cursor' in last).toBe(false);
  });
});
