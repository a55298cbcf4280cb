import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOrgId } from '../../../test/support/org-ids.js';
import { toHttpError } from '../errors.js';
import { createCursorCodec, MAX_CURSOR_LENGTH } from './cursor.js';
import { newestFirst } from './keyset.js';
import { pageEnvelope, parsePageRequest, readPage } from './page.js';

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

describe('readPage', () => {
  it('takes the rows and the total from one call when the listing reads them together', async () => {
    const codec = createCursorCodec({ signingKey: Buffer.alloc(32, 7) });
    const orgId = asOrgId(randomUUID());
    const rows = [3, 2, 1].map((day) => ({ name: `row ${day}`, keyset_position: [`2024-05-0${day}T00:00:00+00:00`, randomUUID()] }));
    const asked: { position: unknown; fetchLimit: number }[] = [];
    const list = (cursor: string | undefined) =>
      readPage({
        codec,
        orgId,
        listing: 'probes',
        filters: {},
        request: { limit: 2, order: 'newest', cursor },
        order: newestFirst,
        fetchRowsWithTotal: async (position, fetchLimit) => {
          asked.push({ position, fetchLimit });
          return { rows: rows.slice(position === undefined ? 0 : 2).slice(0, fetchLimit), total: { estimate: 12_000 } };
        },
        toItem: (row) => row.name,
      });
    const first = await list(undefined);
    expect(first).toMatchObject({ items: ['row 3', 'row 2'], has_more: true, total: 12_000, total_estimated: true });
    expect(asked).toEqual([{ position: undefined, fetchLimit: 3 }]);
    // The next page is asked with the decoded position of the last row shown.
    const second = await list(first.next_cursor);
    expect(asked[1]).toEqual({ position: rows[1]!.keyset_position, fetchLimit: 3 });
    expect(second).toMatchObject({ items: ['row 1'], has_more: false, total: 12_000, total_estimated: true });
  });
});
