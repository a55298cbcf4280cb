-- A statement that changes thousands of findings announces every change. One
-- outbox row per statement and organization carries those records (value: a JSON
-- array, in order) instead of one row each, which would cost a heap tuple and
-- three index entries per record (one of them a random event id). The relay
-- publishes a packed row's records one by one, in order, so consumers see the
-- same records either way.
ALTER TABLE outbox_events ADD COLUMN packed boolean NOT NULL DEFAULT false;
-- Kept beside the value (which it could be derived from) so the relay sizes a batch
-- from the pending rows without reading megabytes of packed values to count them.
ALTER TABLE outbox_events ADD COLUMN record_count integer NOT NULL DEFAULT 1 CHECK (record_count > 0);

-- The outbox only stores and returns values; nothing queries inside them on the
-- hot path. json keeps the text as written (a syntax check, no parse into a tree)
-- and EXTERNAL skips compressing it: a packed row of thousands of records costs
-- milliseconds to write instead of tens, and rows are pruned after publication.
ALTER TABLE outbox_events ALTER COLUMN value TYPE json USING value::json;
ALTER TABLE outbox_events ALTER COLUMN value SET STORAGE EXTERNAL;

-- Every record in the outbox, packed or not, in publication order: for inspection and tests.
CREATE VIEW outbox_records AS
SELECT o.seq, r.position, o.org_id, o.topic, r.value, o.published_at, o.failed_at
  FROM outbox_events o
 CROSS JOIN LATERAL json_array_elements(CASE WHEN o.packed THEN o.value ELSE json_build_array(o.value) END)
       WITH ORDINALITY AS r (value, position);
