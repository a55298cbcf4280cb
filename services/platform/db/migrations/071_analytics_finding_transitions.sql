-- Findings analytics for the embedded profile (and any deployment without
-- ClickHouse): one row per entry of a finding's timeline, read by
-- services/analytics/store/sql-analytics.ts. The primary key on the timeline
-- entry's id makes recording idempotent: the live feed and the rebuild write the
-- same ids, ON CONFLICT DO NOTHING. No foreign keys: like analytics_events this
-- is a copy the analytics store owns, erased by the organization's deletion
-- through the Analytics port.
CREATE TABLE analytics_finding_transitions (
  org_id        uuid NOT NULL,
  id            uuid NOT NULL,
  sequence      bigint NOT NULL,
  finding_id    uuid NOT NULL,
  asset_id      uuid NOT NULL,
  kind          text NOT NULL,
  severity      text NOT NULL,
  from_severity text,
  advisory      text NOT NULL,
  from_status   text,
  to_status     text NOT NULL,
  occurred_at   timestamptz NOT NULL,
  first_seen_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, id)
);
-- Every view is one organization over a time range, some narrowed to one asset.
CREATE INDEX analytics_finding_transitions_time ON analytics_finding_transitions (org_id, occurred_at);
CREATE INDEX analytics_finding_transitions_asset ON analytics_finding_transitions (org_id, asset_id, occurred_at);
