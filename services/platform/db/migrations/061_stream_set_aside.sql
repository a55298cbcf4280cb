-- Records a stream processor set aside (streams/set-aside.ts): a record whose
-- handler failed with an error retrying cannot cure (bad data, a constraint, a
-- schema mismatch), kept with its error so its partition goes on and an operator
-- can list and replay it (`sentinel set-aside`). PostgreSQL holds them in both
-- profiles, whichever stream log is in use. Cross-tenant by nature: record_key is
-- the record's partition key, the organization it belongs to.

CREATE TABLE stream_set_aside_records (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  consumer_group   text NOT NULL,
  topic            text NOT NULL,
  partition        integer NOT NULL CHECK (partition >= 0),
  record_offset    bigint NOT NULL CHECK (record_offset >= 0),
  record_key       text NOT NULL,
  -- The value exactly as the log holds it, and the writer schema it was encoded
  -- with (the embedded log's fingerprint, or the registry id of Kafka's wire
  -- format), so a replay republishes it byte for byte.
  value            bytea NOT NULL,
  value_schema     text NOT NULL,
  headers          jsonb NOT NULL DEFAULT '{}'::jsonb,
  error_code       text NOT NULL,
  error_message    text NOT NULL,
  set_aside_at     timestamptz NOT NULL DEFAULT now(),
  replayed_at      timestamptz,
  -- A batch redelivered after a crash sets the same record aside once.
  UNIQUE (consumer_group, topic, partition, record_offset)
);

CREATE INDEX stream_set_aside_records_waiting ON stream_set_aside_records (set_aside_at) WHERE replayed_at IS NULL;
