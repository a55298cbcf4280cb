-- The findings write path, made cheaper and stricter at once.
--
-- Every referential check is a lookup per inserted row. A finding checked its
-- organization and its asset separately, and a timeline event its organization and
-- its finding: four lookups per new finding. One composite reference each does the
-- same work with two, and says more: a finding's asset, and an event's finding,
-- belong to the same organization as the row itself (spec 1.1).
ALTER TABLE assets ADD CONSTRAINT assets_org_id_id_key UNIQUE (org_id, id);

ALTER TABLE finding_events DROP CONSTRAINT finding_events_finding_id_fkey;
ALTER TABLE finding_events DROP CONSTRAINT finding_events_org_id_fkey;

ALTER TABLE findings DROP CONSTRAINT findings_org_id_fkey;
ALTER TABLE findings DROP CONSTRAINT findings_asset_id_fkey;
-- Every read of a finding names its organization, so the key leads with it.
ALTER TABLE findings DROP CONSTRAINT findings_pkey;
ALTER TABLE findings ADD PRIMARY KEY (org_id, id);
ALTER TABLE findings ADD CONSTRAINT findings_asset_fkey
  FOREIGN KEY (org_id, asset_id) REFERENCES assets (org_id, id) ON DELETE CASCADE;

ALTER TABLE finding_events ADD CONSTRAINT finding_events_finding_fkey
  FOREIGN KEY (org_id, finding_id) REFERENCES findings (org_id, id) ON DELETE CASCADE;

-- The timeline is only ever read per finding, newest first: that order is its key.
-- Nothing looks an event up by its id (a random UUID, returned for reference), so
-- the index over it is dropped: one random-order index insert less per event.
ALTER TABLE finding_events DROP CONSTRAINT finding_events_pkey;
DROP INDEX finding_events_finding;
ALTER TABLE finding_events ADD PRIMARY KEY (org_id, finding_id, seq);

CREATE OR REPLACE FUNCTION finding_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleting a finding (with its asset) takes its timeline along; nothing else may.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM findings WHERE org_id = OLD.org_id AND id = OLD.finding_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'finding_events is append-only: % refused', TG_OP;
END;
$$;

-- A sighting reopens a finding only when it was resolved: the ingest looks up
-- just those, in an index that holds only them (few, and never touched by
-- inserting open findings).
CREATE INDEX findings_resolved ON findings (org_id, asset_id, fingerprint) WHERE status = 'resolved';
