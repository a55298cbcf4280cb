import type { Database, OrgId } from '../db/database.js';
import { assertRecordable, type Analytics } from './analytics.js';

export interface SqlAnalyticsOptions {
  db: Database;
}

/** Analytics in the platform database (table analytics_events, migration 003), for the embedded profile. */
export function createSqlAnalytics({ db }: SqlAnalyticsOptions): Analytics {
  return {
    kind: 'sql',
    async ensureSchema() {
      // Migrations own the table; this only fails early and clearly when they have not run.
      await db.query('SELECT 1 FROM analytics_events LIMIT 0');
    },

    async record(events) {
      assertRecordable(events);
      if (events.length === 0) return;
      // One statement for the whole batch; a redelivered event id is skipped by its primary key.
      await db.query(
        `INSERT INTO analytics_events (event_id, org_id, type, occurred_at, subject_id, severity)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[])
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

    async forget(orgId: OrgId) {
      // Short transactions, as every bulk deletion of the platform: no lock held for long.
      for (;;) {
        const deleted = await db.query(
          'DELETE FROM analytics_events WHERE ctid = ANY(ARRAY(SELECT ctid FROM analytics_events WHERE org_id = $1 LIMIT $2))',
          [orgId, FORGET_BATCH_SIZE],
        );
        if (deleted.rowCount < FORGET_BATCH_SIZE) return;
      }
    },

    ping: () => db.ping(),
    // The database belongs to the caller, who closes it.
    async close() {},
  };
}

const FORGET_BATCH_SIZE = 5_000;

// ClickHouse keeps whole seconds; cutting times the same way here keeps both stores alike.
const toWholeSecond = (date: Date): Date => new Date(Math.floor(date.getTime() / 1000) * 1000);
