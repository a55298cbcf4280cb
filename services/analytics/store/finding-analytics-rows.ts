// What both findings analytics stores share on the read side: the guard on the
// ids a query is narrowed by, and the order of rows whose order the port leaves
// open, so the two stores answer row for row alike.
import { isUuid } from '../../platform/ids.js';
import type { FindingFilter } from './finding-transitions.js';

/**
 * Asset ids are UUIDs in both stores (PostgreSQL's uuid type would reject anything else,
 * ClickHouse would simply match nothing); refusing them here keeps the stores alike.
 * The views validate their parameters first, so this only stops a programming error.
 */
export function assertQueryableAssetIds(filter: FindingFilter, afterAssetId: string | null = null): void {
  for (const id of [filter.assetId, afterAssetId]) {
    if (id !== undefined && id !== null && !isUuid(id)) throw new TypeError(`analytics asset ids must be UUIDs, got ${JSON.stringify(id)}`);
  }
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Distinct values in code point order: the severities of exposure rows. */
export const sortedDistinct = (values: readonly string[]): string[] => [...new Set(values)].sort(byCodePoint);

/** Rows per bucket (or day) and severity, in that order. */
export function inBucketOrder<Row extends { severity: string }>(rows: Row[], bucketOf: (row: Row) => string): Row[] {
  return rows.sort((a, b) => byCodePoint(bucketOf(a), bucketOf(b)) || byCodePoint(a.severity, b.severity));
}

/** Rows per severity, in code point order. */
export const inSeverityOrder = <Row extends { severity: string }>(rows: Row[]): Row[] => rows.sort((a, b) => byCodePoint(a.severity, b.severity));
