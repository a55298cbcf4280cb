// The request and response sides of a cursor listing (spec 4.9), and readPage,
// which joins them with the cursor codec and the keyset so every listing binds
// its cursors the same way.
import type { OrgId, Queryable } from '../db/database.js';
import { validationFailed } from '../errors.js';
import { assertCursorLength, invalidCursor, type CursorCodec } from './cursor.js';
import { assertPositionFits, keysetAfter, takePage, type KeysetOrder, type KeysetRow } from './keyset.js';

const DEFAULT_PAGE_LIMIT = 50;
const MAX_PAGE_LIMIT = 200;

export interface PageRequest<Order extends string = string> {
  /** 1 to MAX_PAGE_LIMIT: the effective page size, reported as page.limit. */
  limit: number;
  order: Order;
  /** Absent on the first page. Not yet verified: readPage decodes it against the listing's scope. */
  cursor: string | undefined;
}

/**
 * Reads limit, order and cursor from a query string. A limit above 200 is clamped
 * (spec 4.9 rule 1); below 1 or not a whole number is refused. An unknown order is
 * refused naming the allowed ones. An empty cursor means the first page.
 */
export function parsePageRequest<Order extends string>(
  query: { limit?: unknown; cursor?: unknown; order?: unknown },
  options: { orders: readonly Order[]; defaultOrder: Order },
): PageRequest<Order> {
  return { limit: parseLimit(query.limit), order: parseOrder(query.order, options), cursor: parseCursor(query.cursor) };
}

function parseLimit(raw: unknown): number {
  if (raw === undefined) return DEFAULT_PAGE_LIMIT;
  const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) throw validationFailed('limit must be a whole number of at least 1');
  return Math.min(limit, MAX_PAGE_LIMIT);
}

function parseOrder<Order extends string>(raw: unknown, options: { orders: readonly Order[]; defaultOrder: Order }): Order {
  if (raw === undefined) return options.defaultOrder;
  const order = options.orders.find((allowed) => allowed === raw);
  if (order === undefined) throw validationFailed(`order must be one of: ${options.orders.join(', ')}`);
  return order;
}

function parseCursor(raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalidCursor();
  // Refused here too, so an oversized cursor costs no work even in a handler that
  // reads the database (say, to find an asset) before it decodes the cursor.
  assertCursorLength(raw);
  return raw;
}

export interface PageEnvelope<Item> {
  items: Item[];
  page: { limit: number; stable: boolean };
  has_more: boolean;
  /** Absent on the last page. */
  next_cursor?: string;
  /** The count of the whole filtered set; advisory, it may change while a client pages. */
  total: number;
  /** Present (true) when total is the planner's estimate: the set is larger than an exact count's budget. */
  total_estimated?: true;
}

/** What a listing's countAll answers: the exact count, or an estimate for a very large set. */
export type ListingTotal = number | { estimate: number };

export function pageEnvelope<Item>(page: {
  items: Item[];
  limit: number;
  stable: boolean;
  hasMore: boolean;
  nextCursor: string | undefined;
  total: ListingTotal;
}): PageEnvelope<Item> {
  if (page.hasMore && page.nextCursor === undefined) throw new Error('a page with more rows after it needs a next cursor');
  return {
    items: page.items,
    page: { limit: page.limit, stable: page.stable },
    has_more: page.hasMore,
    ...(page.hasMore ? { next_cursor: page.nextCursor } : {}),
    ...(typeof page.total === 'number' ? { total: page.total } : { total: page.total.estimate, total_estimated: true as const }),
  };
}

/** What readPage needs of every listing, however it reads its rows and total. */
interface ListingPageOptions<Row extends KeysetRow, Item> {
  codec: CursorCodec;
  orgId: OrgId;
  /** Names the listing in the cursor binding, e.g. 'findings'. */
  listing: string;
  /** Every filter that shapes the result; a cursor is valid only with the same set. */
  filters: Record<string, unknown>;
  request: PageRequest;
  /** The definition of request.order. */
  order: KeysetOrder;
  toItem(row: Row): Item;
}

/** The rows and the total read by two queries, run side by side. */
interface RowsAndCount<Row extends KeysetRow> {
  /**
   * The organization's rows matching the filters, in `order`, strictly after
   * `position` (see keysetAfter; undefined on the first page), at most `fetchLimit`,
   * each selecting order.positionColumn.
   */
  fetchRows(position: unknown, fetchLimit: number): Promise<Row[]>;
  /** How many rows match the filters in the organization (the advisory total). */
  countAll(): Promise<ListingTotal>;
}

/**
 * The rows and the total read together, for a listing that answers both in one
 * round trip (the findings listing: its page query carries the count).
 */
interface RowsWithTotal<Row extends KeysetRow> {
  /** The rows as RowsAndCount.fetchRows reads them, and the total of the whole filtered set, not only of the rows after `position`. */
  fetchRowsWithTotal(position: unknown, fetchLimit: number): Promise<{ rows: Row[]; total: ListingTotal }>;
}

type ReadPageOptions<Row extends KeysetRow, Item> = ListingPageOptions<Row, Item> & (RowsAndCount<Row> | RowsWithTotal<Row>);

export async function readPage<Row extends KeysetRow, Item>(options: ReadPageOptions<Row, Item>): Promise<PageEnvelope<Item>> {
  const { codec, request, order } = options;
  const scope = { orgId: options.orgId, listing: options.listing, order: request.order, filters: options.filters };
  // Verified before any query: an unusable cursor costs no database work.
  const position = request.cursor === undefined ? undefined : assertPositionFits(order, codec.decode(request.cursor, scope));
  // One row more than the page tells whether another page follows.
  const { rows, total } = await readRowsAndTotal(options, position, request.limit + 1);
  const { items, hasMore } = takePage(rows, request.limit);
  const last = items.at(-1);
  return pageEnvelope({
    items: items.map(options.toItem),
    limit: request.limit,
    stable: order.stable,
    hasMore,
    nextCursor: hasMore && last ? codec.encode({ ...scope, position: last.keyset_position }) : undefined,
    total,
  });
}

async function readRowsAndTotal<Row extends KeysetRow>(
  source: RowsAndCount<Row> | RowsWithTotal<Row>,
  position: unknown,
  fetchLimit: number,
): Promise<{ rows: Row[]; total: ListingTotal }> {
  if ('fetchRowsWithTotal' in source) return source.fetchRowsWithTotal(position, fetchLimit);
  const [rows, total] = await Promise.all([source.fetchRows(position, fetchLimit), source.countAll()]);
  return { rows, total };
}

interface TablePageOptions<Row extends KeysetRow, Item> extends ListingPageOptions<Row, Item> {
  q: Queryable;
  /** The table (from code, never from input). */
  from: string;
  /** The select list (from code), without the position column. */
  columns: string;
  /** The condition choosing the organization's matching rows, with placeholders $1..$n for `params`; $1 is the organization. */
  where: string;
  params: readonly unknown[];
}

/** readPage over one table: the page query and the count share the listing's condition. */
export function readTablePage<Row extends KeysetRow, Item>(options: TablePageOptions<Row, Item>): Promise<PageEnvelope<Item>> {
  const { q, from, columns, where, params, order } = options;
  const next = params.length + 1;
  return readPage({
    ...options,
    fetchRows: async (position, fetchLimit) => {
      const after = keysetAfter(order, position, next);
      const found = await q.query<Row>(
        `SELECT ${columns}, ${order.positionColumn} FROM ${from} WHERE ${where} AND ${after.sql}
          ORDER BY ${order.orderBy} LIMIT $${next + after.params.length}`,
        [...params, ...after.params, fetchLimit],
      );
      return found.rows;
    },
    countAll: async () => (await q.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${from} WHERE ${where}`, params)).rows[0]?.n ?? 0,
  });
}
