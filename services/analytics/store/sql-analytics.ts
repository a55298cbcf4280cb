import type { Database, OrgId } from '../../platform/db/database.js';
import { assertRecordable, assertRecordableTransitions, type Analytics } from './analytics.js';
import { createSqlFindingAnalyticsQueries } from './sql-finding-analytics.js';

interface SqlAnalyticsOptions {
  db: Database;
}

/**
 * Analytics in the platform database, for the embedded profile: tables
 * analytics_events (migration 003) and analytics_finding_transitions (071, read
 * by sql-finding-analytics.ts).
 */
export function createSqlAnalytics({ db }: SqlAnalyticsOptions): Analytics {
  return {
    kind: 'sql',
    async ensureSchema() {
      // Migrations own the table; this only fails early and clearly when they have not run.
      await db.query('SELECT 1 FROM analytics_events, analytics_finding_transitions LIMIT 0');
    },

    async record(events) {
      assertRecordable(events);
      if (events.length === 0) return;
      // One statement for the whole batch; a redelivered event id is skipped by its primary key.
      // Rows go in key order: two batches sharing keys then wait on each other instead of deadlocking.
      await db.query(
        `INSERT INTO analytics_events (event_id, org_id, type, occurred_at, subject_id, severity)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[]) AS batch(event_id)
         ORDER BY event_id
         ON CONFLICT (event_id) DO NOTHING`,
        [
          events.map((e) => e.eventId),
          events.map((e) => e.orgId),
          events.map((e) => e.type),
          events.map((e) => toWholeSecond(e.occurredAt).toISOString()),
          events.map((e) => e.subjectId),
          events.map((e) => e.severity),
        ],
      );
    },

    async recordTransitions(transitions) {
      assertRecordableTransitions(transitions);
      if (transitions.length === 0) return;
      // Key order, as for events: concurrent batches sharing transitions (a redelivery beside the
      // original) must not take the unique index's locks in opposite orders.
      await db.query(
        `INSERT INTO analytics_finding_transitions
                (org_id, id, sequence, finding_id, asset_id, kind, severity, from_severity, advisory, from_status, to_status, occurred_at, first_seen_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[],
                              $10::text[], $11::text[], $12::timestamptz[], $13::timestamptz[]) AS batch(org_id, id)
         ORDER BY org_id, id
         ON CONFLICT (org_id, id) DO NOTHING`,
        [
          transitions.map((t) => t.orgId),
          transitions.map((t) => t.id),
          transitions.map((t) => t.sequence),
          transitions.map((t) => t.findingId),
          transitions.map((t) => t.assetId),
          transitions.map((t) => t.kind),
          transitions.map((t) => t.severity),
          transitions.map((t) => t.fromSeverity),
          transitions.map((t) => t.advisory),
          transitions.map((t) => t.fromStatus),
          transitions.map((t) => t.toStatus),
          transitions.map((t) => toWholeSecond(t.occurredAt).toISOString()),
          transitions.map((t) => toWholeSecond(t.firstSeenAt).toISOString()),
        ],
      );
    },

    // The SQL store answers from the transitions themselves: there is nothing to refresh.
    async refreshRollups() {},

    async forget(orgId: OrgId) {
      for (const table of ['analytics_events', 'analytics_finding_transitions'] as const) await deleteInBatches(db, table, orgId);
    },

    async forgetAsset(orgId: OrgId, assetId: string) {
      await db.query('DELETE FROM analytics_finding_transitions WHERE org_id = $1 AND asset_id = $2', [orgId, assetId]);
    },

    ...createSqlFindingAnalyticsQueries(db),

    ping: () => db.ping(),
    // The database belongs to the caller, who closes it.
    async close() {},
  };
}

const FORGET_BATCH_SIZE = 5_000;

// ClickHouse keeps whole seconds; cutting times the same way here keeps both stores alike.
const toWholeSecond = (date: Date): Date => new Date(Math.floor(date.getTime() / 1000) * 1000);

// Short transactions, as every bulk deletion of the platform: no lock held for long.
async function deleteInBatches(db: Database, table: 'analytics_events' | 'analytics_finding_transitions', orgId: OrgId): Promise<void> {
  for (;;) {
    const deleted = await db.query(`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE org_id = $1 LIMIT $2))`, [orgId, FORGET_BATCH_SIZE]);
    if (deleted.rowCount < FORGET_BATCH_SIZE) return;
  }
}
