// Keyset pagination: the next page starts strictly after the last row's keys,
// never at an OFFSET, so rows inserted or updated meanwhile cannot shift a page
// boundary and make a client see a row twice or miss one.
import { isUuid } from '../ids.js';
import { invalidCursor } from './cursor.js';

/** Types a key may have; each has a cast and a check for the value read back from a cursor. */
type KeyType = 'timestamptz' | 'uuid' | 'integer' | 'bigint' | 'text';

interface KeyColumn {
  /** A column (optionally table-qualified) from code, never from input. It must be NOT NULL. */
  column: string;
  type: KeyType;
  direction: 'asc' | 'desc';
}

type Keys = readonly [KeyColumn, ...KeyColumn[]];

export interface KeysetOrder {
  readonly keys: Keys;
  /** page.stable: true only when no key can change while a client walks the listing. */
  readonly stable: boolean;
  /** The ORDER BY list, matching the keys and directions. */
  readonly orderBy: string;
  /**
   * A select-list entry `json_build_array(keys...) AS keyset_position`: the row's
   * position exactly as the database holds it. A timestamptz read into a JS Date
   * would lose its microseconds, and a cursor built from it would skip rows.
   */
  readonly positionColumn: string;
}

/** A row fetched with `positionColumn` in its select list. */
export interface KeysetRow {
  keyset_position: unknown;
}

interface SqlFragment {
  sql: string;
  params: unknown[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

const positionValueIsValid: Record<KeyType, (value: unknown) => boolean> = {
  // The text json_build_array writes for a timestamptz, e.g. 2024-05-01T10:20:30.123456+00:00.
  timestamptz: (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/.test(value),
  uuid: (value) => typeof value === 'string' && isUuid(value),
  integer: (value) => typeof value === 'number' && Number.isSafeInteger(value),
  bigint: (value) => typeof value === 'number' && Number.isSafeInteger(value),
  // A name compared in the database's collation, the same one ORDER BY uses.
  text: (value) => typeof value === 'string',
};

/**
 * Defines an order at module load. The last key must be unique (the id) so the
 * order is total; otherwise rows sharing every key could straddle a page boundary.
 */
export function defineKeysetOrder(definition: { stable: boolean; keys: Keys }): KeysetOrder {
  const { keys, stable } = definition;
  for (const key of keys) {
    if (!IDENTIFIER.test(key.column)) throw new Error(`keyset column "${key.column}" is not a plain identifier`);
  }
  return Object.freeze({
    keys: Object.freeze<Keys>([...keys]),
    stable,
    orderBy: keys.map((key) => `${key.column} ${key.direction === 'asc' ? 'ASC' : 'DESC'}`).join(', '),
    positionColumn: `json_build_array(${keys.map((key) => key.column).join(', ')}) AS keyset_position`,
  });
}

/** Newest first by creation: stable, since created_at never changes. For tables with created_at and id. */
export const newestFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'created_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

/**
 * The position itself when it has one value of the right type per key. A cursor
 * is signed by us, so a misfit only comes from a cursor issued under an older
 * definition of the order; it is refused like any other unusable cursor.
 */
export function assertPositionFits(order: KeysetOrder, position: unknown): readonly unknown[] {
  if (!Array.isArray(position) || position.length !== order.keys.length) throw invalidCursor();
  order.keys.forEach((key, index) => {
    if (!positionValueIsValid[key.type](position[index])) throw invalidCursor();
  });
  return position;
}

/**
 * The WHERE condition "comes after `position` in this order", with placeholders
 * numbered from `firstPlaceholder`; `TRUE` on the first page (no position).
 */
export function keysetAfter(order: KeysetOrder, position: unknown, firstPlaceholder: number): SqlFragment {
  if (position === undefined) return { sql: 'TRUE', params: [] };
  const params = [...assertPositionFits(order, position)];

  const value = placeholders(firstPlaceholder);
  const [first] = order.keys;

  if (order.keys.every((key) => key.direction === first.direction)) {
    // One direction: a row-value comparison, which PostgreSQL serves from a matching index.
    const columns = order.keys.map((key) => key.column).join(', ');
    const values = order.keys.map(value).join(', ');
    return { sql: `(${columns}) ${after(first)} (${values})`, params };
  }

  // Mixed directions: (k1 after v1) OR (k1 = v1 AND k2 after v2) OR ... The leading
  // bound repeats the first term inclusively so an index on k1 can narrow the scan.
  const branches = order.keys.map((key, index) => {
    const equalities = order.keys.slice(0, index).map((earlier, earlierIndex) => `${earlier.column} = ${value(earlier, earlierIndex)}`);
    return `(${[...equalities, `${key.column} ${after(key)} ${value(key, index)}`].join(' AND ')})`;
  });
  return { sql: `(${first.column} ${after(first)}= ${value(first, 0)} AND (${branches.join(' OR ')}))`, params };
}

/** The position's value of a key as its parameter: `$n::type`, numbered from `firstPlaceholder` by the key's index. */
const placeholders = (firstPlaceholder: number) => (key: KeyColumn, index: number): string => `$${firstPlaceholder + index}::${key.type}`;

/** The comparison that puts a row after a value of the key, in the key's direction. */
const after = (key: KeyColumn): '>' | '<' => (key.direction === 'asc' ? '>' : '<');

/** "Comes after a position" as two conditions an index can each seek to, and their parameters. */
interface KeysetRanges {
  /** The position's first key, and the later keys past the position's: one row-value comparison. */
  sameLead: string;
  /** Past the position's first key. Every row of sameLead comes before every row of pastLead. */
  pastLead: string;
  params: unknown[];
}

/**
 * keysetAfter's condition as two ranges, for an order whose first key runs one way
 * and every later key the other (worst severity first, then most recently seen).
 * Of the OR branches an index can seek by the first key alone, so a page deep inside
 * one value of it (the 400th page of criticals) walked every entry before its position;
 * each range here is one seek. Undefined on the first page and for any other order,
 * which keysetAfter serves as it is. The placeholders are keysetAfter's.
 */
export function keysetAfterAsRanges(order: KeysetOrder, position: unknown, firstPlaceholder: number): KeysetRanges | undefined {
  const [first, ...later] = order.keys;
  if (position === undefined || later.length === 0 || later.some((key) => key.direction === first.direction || key.direction !== later[0]!.direction)) return undefined;
  const params = [...assertPositionFits(order, position)];
  const value = placeholders(firstPlaceholder);
  const columns = later.map((key) => key.column).join(', ');
  const values = later.map((key, index) => value(key, index + 1)).join(', ');
  return {
    sameLead: `${first.column} = ${value(first, 0)} AND (${columns}) ${after(later[0]!)} (${values})`,
    pastLead: `${first.column} ${after(first)} ${value(first, 0)}`,
    params,
  };
}

/** Splits rows fetched with LIMIT limit+1 into the page and whether more follow. */
export function takePage<Row>(rows: readonly Row[], limit: number): { items: Row[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}
