import { describe, expect, it } from 'vitest';
import { defineKeysetOrder, keysetAfter, keysetAfterAsRanges, takePage } from './keyset.js';

const recent = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'created_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});
const severity = defineKeysetOrder({
  stable: false,
  keys: [
    { column: 'f.severity_rank', type: 'integer', direction: 'asc' },
    { column: 'f.last_seen_at', type: 'timestamptz', direction: 'desc' },
    { column: 'f.id', type: 'uuid', direction: 'desc' },
  ],
});
const at = '2025-03-01T11:59:58.123456+00:00';
const id = '3f1c0c1e-8a0b-4c55-b1c7-0e5f3a9d2b11';

describe('keyset order', () => {
  it('orders by its keys and selects the exact position', () => {
    expect(recent.orderBy).toBe('created_at DESC, id DESC');
    expect(recent.positionColumn).toBe('json_build_array(created_at, id) AS keyset_position');
  });

  it('compares row values when every key runs the same direction', () => {
    expect(keysetAfter(recent, [at, id], 3)).toEqual({ sql: '(created_at, id) < ($3::timestamptz, $4::uuid)', params: [at, id] });
  });

  it('expands mixed directions into OR branches, with an inclusive bound on the first key', () => {
    expect(keysetAfter(severity, [2, at, id], 1)).toEqual({
      sql:
        '(f.severity_rank >= $1::integer AND ((f.severity_rank > $1::integer)' +
        ' OR (f.severity_rank = $1::integer AND f.last_seen_at < $2::timestamptz)' +
        ' OR (f.severity_rank = $1::integer AND f.last_seen_at = $2::timestamptz AND f.id < $3::uuid)))',
      params: [2, at, id],
    });
  });

  it('splits a mixed order whose later keys share a direction into two ranges, each an index seek', () => {
    expect(keysetAfterAsRanges(severity, [2, at, id], 4)).toEqual({
      sameLead: 'f.severity_rank = $4::integer AND (f.last_seen_at, f.id) < ($5::timestamptz, $6::uuid)',
      pastLead: 'f.severity_rank > $4::integer',
      params: [2, at, id],
    });
    expect(keysetAfterAsRanges(severity, undefined, 4)).toBeUndefined();
    expect(keysetAfterAsRanges(recent, [at, id], 4)).toBeUndefined();
    const [rank, seenAt, byId] = severity.keys;
    const laterKeysMixed = defineKeysetOrder({ stable: false, keys: [rank, seenAt!, { ...byId!, direction: 'asc' }] });
    expect(keysetAfterAsRanges(laterKeysMixed, [1, at, id], 1)).toBeUndefined();
    expect(() => keysetAfterAsRanges(severity, [at, id], 1)).toThrow('invalid or expired cursor');
  });

  it('takes a text key as a parameter cast to text, and refuses a position whose value is not text', () => {
    const byName = defineKeysetOrder({
      stable: false,
      keys: [
        { column: 'license', type: 'text', direction: 'asc' },
        { column: 'id', type: 'uuid', direction: 'asc' },
      ],
    });
    expect(keysetAfter(byName, ["MIT' OR 1=1", id], 4)).toEqual({ sql: '(license, id) > ($4::text, $5::uuid)', params: ["MIT' OR 1=1", id] });
    expect(() => keysetAfter(byName, [7, id], 4)).toThrow('invalid or expired cursor');
  });

  it('matches every row on the first page', () => {
    expect(keysetAfter(recent, undefined, 2)).toEqual({ sql: 'TRUE', params: [] });
  });

  it.each([
    ['not a list', 'x'],
    ['too few values', [at]],
    ['a Date-truncated timestamp', ['2025-03-01 11:59:58', id]],
    ['a non-uuid id', [at, "1' OR '1'='1"]],
  ])('refuses a position that does not fit the order (%s) as an invalid cursor', (_, position) => {
    expect(() => keysetAfter(recent, position, 1)).toThrow('invalid or expired cursor');
  });

  it('accepts only plain identifiers as columns', () => {
    expect(() => defineKeysetOrder({ stable: true, keys: [{ column: 'id; DROP TABLE x', type: 'uuid', direction: 'asc' }] })).toThrow(
      'is not a plain identifier',
    );
    expect(() => defineKeysetOrder({ stable: true, keys: [{ column: 'Created_At', type: 'timestamptz', direction: 'asc' }] })).toThrow();
  });

  it('splits a limit+1 fetch into the page and whether more follow', () => {
    expect(takePage([1, 2, 3], 2)).toEqual({ items: [1, 2], hasMore: true });
    expect(takePage([1, 2], 2)).toEqual({ items: [1, 2], hasMore: false });
  });
});
