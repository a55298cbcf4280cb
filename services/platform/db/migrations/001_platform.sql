-- Platform tables shared by every capability: the transactional outbox, consumer
-- deduplication and the job queue. Runs unchanged on PostgreSQL and PGlite.

-- Domain events written in the same transaction as the state change they describe,
-- relayed to the stream log after commit (streams/outbox-relay.ts).
CREATE TABLE outbox_events (
  seq           bigserial PRIMARY KEY,
  event_id      uuid NOT NULL UNIQUE,
  org_id        uuid NOT NULL,
  topic         text NOT NULL,
  value         jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  published_at  timestamptz
);
CREATE INDEX outbox_events_pending ON outbox_events (seq) WHERE published_at IS NULL;

-- At-least-once delivery means a consumer group can see an event twice; recording
-- (group, event) in the same transaction as the handler's effects makes it once.
CREATE TABLE consumed_events (
  consumer_group text NOT NULL,
  event_id       uuid NOT NULL,
  consumed_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_group, event_id)
);

-- Work claimed by workers with FOR UPDATE SKIP LOCKED. The organization of a job
-- comes from its row, never from a request (spec 1.1 rule 9).
CREATE TABLE jobs (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id       uuid NOT NULL,
  kind         text NOT NULL,
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
  run_after    timestamptz NOT NULL DEFAULT now(),
  attempts     integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
  locked_until timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_claimable ON jobs (kind, run_after) WHERE state IN ('queued', 'running');
