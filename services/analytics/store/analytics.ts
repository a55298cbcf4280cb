// Event analytics: domain events recorded once per event id for one organization.
// ClickHouse in the full profile, the SQL database in the embedded one; both
// store the same events alike (analytics.test.ts). Times are kept to whole
// seconds (ClickHouse 18.16 has no DateTime64).
import { isUuid } from '../../platform/ids.js';
import type { OrgId } from '../../platform/db/database.js';
import { isRepresentableDateTime } from '../../platform/clickhouse/clickhouse-sql.js';
import type { FindingAnalytics, FindingTransition } from './finding-transitions.js';

export interface AnalyticsEvent {
  /** A UUID (compared case-insensitively, like PostgreSQL's uuid); recording the same id again changes nothing. */
  eventId: string;
  orgId: OrgId;
  type: string;
  occurredAt: Date;
  subjectId: string | null;
  severity: string | null;
}

/** The analytics store: domain events (this file) and findings analytics (finding-transitions.ts). */
export interface Analytics extends FindingAnalytics {
  readonly kind: 'clickhouse' | 'sql';
  ensureSchema(): Promise<void>;
  /** Idempotent per eventId as far as the store allows: ClickHouse may hold a duplicate row until a merge, which a read with FINAL or counting distinct ids does not see. */
  record(events: AnalyticsEvent[]): Promise<void>;
  /**
   * Erases everything the store holds of the organization (its deletion): events and finding transitions. The SQL store deletes in
   * short batches before answering; ClickHouse runs a mutation, which its server
   * applies in the background once the statement is accepted.
   */
  forget(orgId: OrgId): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Refuses what one store would take and another would not, so both stay interchangeable. */
export function assertRecordable(events: readonly AnalyticsEvent[]): void {
  for (const event of events) {
    if (!isUuid(event.eventId)) throw new TypeError(`analytics eventId must be a UUID, got ${JSON.stringify(event.eventId)}`);
    if (!isUuid(event.orgId)) throw new TypeError(`analytics orgId must be a UUID, got ${JSON.stringify(event.orgId)}`);
    if (!isRepresentableDateTime(event.occurredAt)) throw new RangeError(`analytics occurredAt outside 1970-01-01 .. 2105-12-31: ${String(event.occurredAt)}`);
  }
}

/** The same guard for finding transitions: ids are UUIDs, both times representable in ClickHouse. */
export function assertRecordableTransitions(transitions: readonly FindingTransition[]): void {
  for (const transition of transitions) {
    for (const id of [transition.id, transition.orgId, transition.findingId, transition.assetId]) {
      if (!isUuid(id)) throw new TypeError(`analytics transition ids must be UUIDs, got ${JSON.stringify(id)}`);
    }
    if (!Number.isSafeInteger(transition.sequence) || transition.sequence < 0) throw new RangeError(`analytics transition sequence must be a non-negative integer, got ${transition.sequence}`);
    for (const time of [transition.occurredAt, transition.firstSeenAt]) {
      if (!isRepresentableDateTime(time)) throw new RangeError(`analytics transition time outside 1970-01-01 .. 2105-12-31: ${String(time)}`);
    }
  }
}
