// The inbox's view as URL search parameters, so a view can be shared or bookmarked:
// the filters as the API spells them (comma-separated), the search, the order, and the
// cursor of the page shown.
import type { components } from '../../../api/openapi';

export type Severity = components['schemas']['Severity'];
export type FindingStatus = components['schemas']['FindingStatus'];
export type FindingKind = components['schemas']['FindingKind'];
export type FindingsOrder = 'severity' | 'recent';

export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'none', 'unknown'];
export const STATUSES: readonly FindingStatus[] = ['open', 'triaged', 'suppressed', 'resolved', 'reopened'];
export const KINDS: readonly FindingKind[] = ['vulnerability', 'secret', 'misconfiguration'];
export const ORDERS: readonly FindingsOrder[] = ['severity', 'recent'];

/** The API's bound on q. */
export const SEARCH_MAX_LENGTH = 200;

export interface FindingsSearch {
  status?: string;
  severity?: string;
  kind?: string;
  asset_id?: string;
  q?: string;
  /** Absent means the API's default, worst first. */
  order?: FindingsOrder;
  cursor?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** Keeps only the known values of each filter, so a hand-edited URL cannot ask for nonsense. */
export function parseFindingsSearch(search: Record<string, unknown>): FindingsSearch {
  const known = (value: unknown, allowed: readonly string[]) => {
    const values = typeof value === 'string' ? value.split(',').filter((item) => allowed.includes(item)) : [];
    return values.length > 0 ? values.join(',') : undefined;
  };
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, SEARCH_MAX_LENGTH) : '';
  return {
    status: known(search.status, STATUSES),
    severity: known(search.severity, SEVERITIES),
    kind: known(search.kind, KINDS),
    asset_id: typeof search.asset_id === 'string' && isUuid(search.asset_id) ? search.asset_id.toLowerCase() : undefined,
    q: q === '' ? undefined : q,
    // severity is the default: a URL names the order only when it is another.
    order: search.order === 'recent' ? 'recent' : undefined,
    cursor: typeof search.cursor === 'string' && search.cursor !== '' ? search.cursor : undefined,
  };
}

/** Whether the view leaves findings out (an empty page then says so rather than "no findings yet"). */
export const isFiltered = (search: FindingsSearch): boolean =>
  search.status !== undefined || search.severity !== undefined || search.kind !== undefined || search.asset_id !== undefined || search.q !== undefined;

/** The filter with the value added or removed, as a comma-separated list (undefined when empty). */
export function toggled(list: string | undefined, value: string): string | undefined {
  const values = new Set(list ? list.split(',') : []);
  if (values.has(value)) values.delete(value);
  else values.add(value);
  return values.size > 0 ? [...values].join(',') : undefined;
}
