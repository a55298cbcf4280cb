-- Continuous matching. An advisory synchronization records, in the
-- transaction that writes the records, which packages each added, modified or withdrawn
-- record names (before and after the change); the planner (services/scans/continuous-matching)
-- turns them into per-organization re-match requests on the stream log and deletes them in
-- one transaction, so a change is planned once and never lost.
CREATE TABLE advisory_package_changes (
  seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- What advisories name, as asset_inventory_components (advisory_ecosystem, advisory_name) spells it.
  ecosystem    text NOT NULL,
  name         text NOT NULL,
  advisory_id  text NOT NULL,
  change       text NOT NULL CHECK (change IN ('added', 'modified', 'withdrawn')),
  recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A re-match is a scan of the asset's stored inventory: source advisory_update, and its
-- cause, the advisory ids that changed ({"trigger": "advisory_update", "advisories": [...]}).
ALTER TABLE scans DROP CONSTRAINT scans_source_check;
ALTER TABLE scans ADD CONSTRAINT scans_source_check CHECK (source IN ('scan', 'import', 'schedule', 'advisory_update'));
ALTER TABLE scans ADD COLUMN cause jsonb;

-- A timeline entry a scan wrote carries the scan's cause, so the entry (and its domain event)
-- says why it happened without a look at the scan.
ALTER TABLE finding_events ADD COLUMN cause jsonb;
