-- A finding's severity enters its timeline: every entry records the
-- severity the finding had at that entry, and a re-observation that changes the
-- severity of a finding that stays where it is (not a reopening) is an entry of
-- its own, type severity_changed, with the severity before it. Entries written
-- before this migration keep severity NULL: what the finding's severity was then
-- is not known any more; readers fall back to the finding's current severity.
ALTER TABLE finding_events ADD COLUMN severity text;
ALTER TABLE finding_events ADD COLUMN from_severity text;

-- NOT VALID: the constraints hold for every entry written from now on, and rows
-- written before could not break them (no severity_changed, no from_severity
-- existed), so checking them would only read the whole timeline for nothing. The
-- severity constraint is the one that must not be validated: old rows have none.
ALTER TABLE finding_events DROP CONSTRAINT finding_events_type_check;
ALTER TABLE finding_events ADD CONSTRAINT finding_events_type_check
  CHECK (type IN ('created', 'status_changed', 'severity_changed')) NOT VALID;
ALTER TABLE finding_events ADD CONSTRAINT finding_events_severity_recorded
  CHECK (severity IS NOT NULL) NOT VALID;
ALTER TABLE finding_events ADD CONSTRAINT finding_events_severity_change
  CHECK ((type = 'severity_changed') = (from_severity IS NOT NULL)
         AND (type <> 'severity_changed' OR (from_status = to_status AND from_severity <> severity))) NOT VALID;

-- The analytics rebuild reads each organization's timeline in sequence order, page
-- by page. seq grows with every insert, so new entries land at the right edge of
-- the organization's part of this index: one hot page per organization, not a
-- random write.
CREATE INDEX finding_events_org_sequence ON finding_events (org_id, seq);
