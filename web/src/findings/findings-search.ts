// The inbox's view as URL search parameters, so a view can be shared or bookmarked:
// the filters as the API spells them (comma-separated), and the cursor of the page shown.
import type { components } from '../api/schema';

export type Severity = components['schemas']['Severity'];
export type FindingStatus = components['schemas']['FindingStatus'];
export type FindingKind = components['schemas']['FindingKind'];

export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'none', 'unknown'];
export const STATUSES: readonly FindingStatus[] = ['open', 'triaged', 'suppressed', 'resolved', 'reopened'];
export const KINDS: readonly FindingKind[] = ['vulnerability', 'secret', 'misconfiguration'];

export interface FindingsSearch {
  status?: string;
  severity?: string;
  kind?: string;
  cursor?: string;
}

/** Keeps only the known values of each filter, so a hand-edited URL cannot ask for nonsense. */
export function parseFindingsSearch(search: Record<string, unknown>): FindingsSearch {
  const known = (value: unknown, allowed: readonly string[]) => {
    const values = typeof value === 'string' ? value.split(',').filter((item) => allowed.includes(item)) : [];
    return values.length > 0 ? values.join(',') : undefined;
  };
  return {
    status: known(search.status, STATUSES),
    severity: known(search.severity, SEVERITIES),
    kind: known(search.kind, KINDS),
    cursor: typeof search.cursor === 'string' && search.cursor !== '' ? search.cursor : undefined,
  };
}

/** The filter with the value added or removed, as a comma-separated list (undefined when empty). */
export function toggled(list: string | undefined, value: string): string | undefined {
  const values = new Set(list ? list.split(',') : []);
  if (values.has(value)) values.delete(value);
  else values.add(value);
  return values.size > 0 ? [...values].join(',') : undefined;
}
