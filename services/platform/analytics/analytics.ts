// Event analytics: domain events recorded once per event id and counted per day
// and type for one organization. ClickHouse in the full profile, the SQL database
// in the embedded one; both give the same answers (analytics.test.ts).
//
// Times are kept to whole seconds (ClickHouse 18.16 has no DateTime64) and days
// are UTC days. A range includes `since` and excludes `until`, both taken to the
// whole second below them.
import type { OrgId } from '../db/database.js';
import { isRepresentableDateTime } from './clickhouse-sql.js';

export interface AnalyticsEvent {
  /** A UUID (compared case-insensitively, like PostgreSQL's uuid); recording the same id again changes nothing. */
  eventId: string;
  orgId: OrgId;
  type: string;
  occurredAt: Date;
  subjectId: string | null;
  severity: string | null;
}

export interface AnalyticsCount {
  /** UTC day, YYYY-MM-DD */
  day: string;
  type: string;
  count: number;
}

export interface DayRange {
  since: Date;
  until: Date;
}

export interface Analytics {
  readonly kind: 'clickhouse' | 'sql';
  ensureSchema(): Promise<void>;
  /** Idempotent per eventId as far as the store allows: ClickHouse may hold a duplicate row until a merge, but never counts it twice. */
  record(events: AnalyticsEvent[]): Promise<void>;
  /** Events per UTC day and type, ordered by day, then type. types undefined means every type; an empty list matches none. */
  dailyCounts(orgId: OrgId, range: DayRange, types?: string[]): Promise<AnalyticsCount[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refuses what one store would take and another would not, so both stay interchangeable. */
export function assertRecordable(events: readonly AnalyticsEvent[]): void {
  for (const event of events) {
    if (!UUID.test(event.eventId)) throw new TypeError(`analytics eventId must be a UUID, got ${JSON.stringify(event.eventId)}`);
    if (!UUID.test(event.orgId)) throw new TypeError(`analytics orgId must be a UUID, got ${JSON.stringify(event.orgId)}`);
    if (!isRepresentableDateTime(event.occurredAt)) throw new RangeError(`analytics occurredAt outside 1970-01-01 .. 2105-12-31: ${String(event.occurredAt)}`);
  }
}
