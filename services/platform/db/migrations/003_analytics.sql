-- Analytics events for the embedded profile (and any deployment without ClickHouse),
-- read by services/analytics/store/sql-analytics.ts. The primary key on event_id
-- makes recording idempotent: a redelivered event is inserted ON CONFLICT DO NOTHING.
CREATE TABLE analytics_events (
  event_id    uuid PRIMARY KEY,
  org_id      uuid NOT NULL,
  type        text NOT NULL,
  occurred_at timestamptz NOT NULL,
  subject_id  text,
  severity    text
);
-- Every read is one organization over a time range.
CREATE INDEX analytics_events_org_time ON analytics_events (org_id, occurred_at);
