-- The embedded stream log (streams/log/embedded-stream-log.ts): the single-process
-- profile's stand-in for Kafka, with the same topics, partitions, offsets and
-- consumer-group commits. Unused when KAFKA_BROKERS is set. Runs unchanged on
-- PostgreSQL and PGlite.

CREATE TABLE stream_topics (
  topic      text PRIMARY KEY,
  partitions integer NOT NULL CHECK (partitions > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per partition. next_offset is the append counter: a publisher takes its
-- offsets with UPDATE ... RETURNING, whose row lock serializes concurrent publishers
-- of one partition until commit, so offsets are dense and become visible in order.
CREATE TABLE stream_partitions (
  topic       text NOT NULL REFERENCES stream_topics (topic),
  partition   integer NOT NULL CHECK (partition >= 0),
  next_offset bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (topic, partition)
);

-- Writer schemas of stored values, by Avro fingerprint, so records written before
-- a (backward compatible) schema change still decode afterwards: the stand-in for
-- the schema registry.
CREATE TABLE stream_value_schemas (
  fingerprint text PRIMARY KEY,
  definition  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stream_records (
  topic         text NOT NULL,
  partition     integer NOT NULL,
  record_offset bigint NOT NULL,
  key           text NOT NULL,
  value         bytea NOT NULL,
  value_schema  text NOT NULL REFERENCES stream_value_schemas (fingerprint),
  headers       jsonb NOT NULL DEFAULT '{}'::jsonb,
  appended_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (topic, partition, record_offset),
  FOREIGN KEY (topic, partition) REFERENCES stream_partitions (topic, partition)
);

-- Committed position of each consumer group: the offset of the next record it has
-- not yet handled. A group without a row starts at the beginning of the partition.
CREATE TABLE stream_group_offsets (
  consumer_group text NOT NULL,
  topic          text NOT NULL,
  partition      integer NOT NULL,
  next_offset    bigint NOT NULL CHECK (next_offset >= 0),
  committed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_group, topic, partition),
  FOREIGN KEY (topic, partition) REFERENCES stream_partitions (topic, partition)
);
