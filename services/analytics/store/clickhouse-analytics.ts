import type { OrgId } from '../../platform/db/database.js';
import { assertRecordable, assertRecordableTransitions, type Analytics } from './analytics.js';
import { connectClickHouse } from '../../platform/clickhouse/clickhouse-client.js';
import { createClickHouseFindingAnalytics } from './clickhouse-finding-analytics.js';
import { chsql, formatDateTime, identifier } from '../../platform/clickhouse/clickhouse-sql.js';

interface ClickHouseAnalyticsOptions {
  url: string;
  /** Created by ensureSchema() if missing. */
  database: string;
}

/**
 * Analytics in ClickHouse, table domain_events. Written for ClickHouse 18.16 and
 * current versions alike: no server-side parameters, DateTime64, window functions or CTEs.
 */
export function createClickHouseAnalytics(options: ClickHouseAnalyticsOptions): Analytics {
  // Not the client's `database` option: the database may not exist until ensureSchema() has run.
  const clickhouse = connectClickHouse({ url: options.url });
  const database = identifier(options.database);
  const table = identifier(options.database, 'domain_events');
  // Finding transitions and their rollups (clickhouse-finding-analytics.ts).
  const { ensureFindingSchema, recordTransitions, refreshRollups, forgetOrganization, ...findingQueries } = createClickHouseFindingAnalytics({ clickhouse, database: options.database });

  return {
    kind: 'clickhouse',
    async ensureSchema() {
      await clickhouse.command(chsql`CREATE DATABASE IF NOT EXISTS ${database}`);
      // ReplacingMergeTree folds rows with the same (org_id, event_id) when parts merge,
      // which happens eventually or never; a read must count distinct event ids or use FINAL.
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${table} (
          event_id    String,
          org_id      String,
          type        String,
          occurred_at DateTime('UTC'),
          subject_id  Nullable(String),
          severity    Nullable(String)
        )
        ENGINE = ReplacingMergeTree()
        PARTITION BY toYYYYMM(occurred_at)
        ORDER BY (org_id, event_id)`);
      await ensureFindingSchema();
    },

    async record(events) {
      assertRecordable(events);
      if (events.length === 0) return;
      // Ids are stored as text; lower case makes them compare like PostgreSQL's uuid type.
      await clickhouse.insert(
        table,
        events.map((event) => ({
          event_id: event.eventId.toLowerCase(),
          org_id: event.orgId.toLowerCase(),
          type: event.type,
          occurred_at: formatDateTime(event.occurredAt),
          subject_id: event.subjectId,
          severity: event.severity,
        })),
      );
    },

    async recordTransitions(rows, options) {
      assertRecordableTransitions(rows);
      await recordTransitions(rows, options);
    },

    refreshRollups,

    async forget(orgId: OrgId) {
      // Mutations (ClickHouse has no row DELETE): accepted at once, applied part by part in the background.
      await clickhouse.command(chsql`ALTER TABLE ${table} DELETE WHERE org_id = ${orgId.toLowerCase()}`);
      await forgetOrganization(orgId);
    },

    ...findingQueries,

    ping: () => clickhouse.ping(),
    close: () => clickhouse.close(),
  };
}
