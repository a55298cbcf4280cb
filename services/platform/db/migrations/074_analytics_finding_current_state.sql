-- Findings analytics, read side (services/analytics/store/sql-finding-analytics.ts):
-- the fleet views read each finding's latest transition (DISTINCT ON finding_id, highest
-- sequence first), for the whole organization or one advisory. The time series use the
-- (org_id, occurred_at) and (org_id, asset_id, occurred_at) indexes of migration 071.
CREATE INDEX analytics_finding_transitions_latest ON analytics_finding_transitions (org_id, finding_id, sequence DESC);
CREATE INDEX analytics_finding_transitions_advisory ON analytics_finding_transitions (org_id, advisory, finding_id, sequence DESC);
