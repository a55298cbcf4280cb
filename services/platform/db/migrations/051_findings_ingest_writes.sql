-- What an ingest of a million new findings writes besides the findings themselves,
-- made smaller (test/bench/findings.bench.ts measures it).

-- Finding ids in creation order (the UUID version 7 layout: milliseconds since the
-- epoch, then random bits). The indexes that lead with (org_id, id) or
-- (org_id, finding_id), the findings key and the timeline's, then grow at their
-- end instead of at a random page each: a batch dirties a few pages where random
-- ids dirtied one per row. Ids stay unguessable (74 random bits) and reveal only
-- the creation time, which findings show anyway. PostgreSQL 18 has uuidv7(); this
-- one runs on 15 and on PGlite.
CREATE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
           set_bit(set_bit(
             overlay(uuid_send(gen_random_uuid())
                     PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                     FROM 1 FOR 6),
             52, 1), 53, 1),
           'hex')::uuid
$$;
ALTER TABLE findings ALTER COLUMN id SET DEFAULT uuid_v7();

-- A timeline event is only ever written in the transaction that writes its finding:
-- the ingest statement that creates, resolves or reopens it, or the triage, the
-- suppression or the expiry sweep that updates it first (and so holds its row).
-- The reference check proved what those writers already guarantee, at the price of
-- a lookup and a row lock (a WAL record) per event. What it did beyond that, taking
-- the timeline along when findings are deleted (with their asset), is done once
-- per statement instead.
ALTER TABLE finding_events DROP CONSTRAINT finding_events_finding_fkey;

CREATE FUNCTION findings_take_timeline_along() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM finding_events e USING deleted_findings d WHERE e.org_id = d.org_id AND e.finding_id = d.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER findings_take_timeline_along
  AFTER DELETE ON findings REFERENCING OLD TABLE AS deleted_findings
  FOR EACH STATEMENT EXECUTE FUNCTION findings_take_timeline_along();
