import type { OrgId } from '../db/database.js';
import { assertRecordable, assertRecordableTransitions, type Analytics } from './analytics.js';
import { connectClickHouse } from './clickhouse-client.js';
import { chsql, formatDateTime, identifier } from './clickhouse-sql.js';

export interface ClickHouseAnalyticsOptions {
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
  const transitions = identifier(options.database, 'finding_transitions');

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
      // One row per finding timeline entry; (org_id, asset_id, id) folds a transition
      // recorded twice (redelivery, or the rebuild beside the live feed) when parts merge.
      await clickhouse.command(chsql`
        CREATE TABLE IF NOT EXISTS ${transitions} (
          org_id        String,
          id            String,
          sequence      UInt64,
          finding_id    String,
          asset_id      String,
          kind          String,
          severity      String,
          from_severity Nullable(String),
          advisory      String,
          from_status   Nullable(String),
          to_status     String,
          occurred_at   DateTime('UTC'),
          first_seen_at DateTime('UTC')
        )
        ENGINE = ReplacingMergeTree()
        PARTITION BY toYYYYMM(occurred_at)
        ORDER BY (org_id, asset_id, id)`);
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

    async recordTransitions(rows) {
      assertRecordableTransitions(rows);
      if (rows.length === 0) return;
      await clickhouse.insert(
        transitions,
        rows.map((t) => ({
          org_id: t.orgId.toLowerCase(),
          id: t.id.toLowerCase(),
          sequence: t.sequence,
          finding_id: t.findingId.toLowerCase(),
          asset_id: t.assetId.toLowerCase(),
          kind: t.kind,
          severity: t.severity,
          from_severity: t.fromSeverity,
          advisory: t.advisory,
          from_status: t.fromStatus,
          to_status: t.toStatus,
          occurred_at: formatDateTime(t.occurredAt),
          first_seen_at: formatDateTime(t.firstSeenAt),
        })),
      );
    },

    async forget(orgId: OrgId) {
      // Mutations (ClickHouse has no row DELETE): accepted at once, applied part by part in the background.
      for (const erased of [table, transitions]) await clickhouse.command(chsql`ALTER TABLE ${erased} DELETE WHERE org_id = ${orgId.toLowerCase()}`);
    },

    async forgetAsset(orgId: OrgId, assetId: string) {
      await clickhouse.command(chsql`ALTER TABLE ${transitions} DELETE WHERE org_id = ${orgId.toLowerCase()} AND asset_id = ${assetId.toLowerCase()}`);
    },

    ...unbuiltQueries,

    ping: () => clickhouse.ping(),
    close: () => clickhouse.close(),
  };
}


// TEMPORARY (issue 15 in progress): the read side is being built on its own branch.
const unbuilt = (): never => {
  throw new Error('findings analytics queries are not built yet');
};
const unbuiltQueries = {
  openFindingsChanges: unbuilt,
  findingFlow: unbuilt,
  remediation: unbuilt,
  advisoryRanking: unbuilt,
  affectedAssets: unbuilt,
  openCohorts: unbuilt,
  appliedThrough: unbuilt,
};
