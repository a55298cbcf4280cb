-- Synchronization runs of NHI connectors and what the inventory
-- processor needs on each identity. A run is queued by a person or the schedule,
-- executed as a job, and published on the nhi-inventory topic; the processor records
-- on the run what applying it changed (identities new and removed) and when.
CREATE TABLE nhi_synchronization_runs (
  org_id               uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id                   uuid NOT NULL,
  -- Not a foreign key, like nhi_identities.connector_id: a run's history outlives its connector.
  connector_id         uuid NOT NULL,
  trigger              text NOT NULL CHECK (trigger IN ('manual', 'schedule')),
  requested_by_user_id uuid,
  state                text NOT NULL CHECK (state IN ('queued', 'running', 'completed', 'partial', 'failed')),
  identities_seen      integer NOT NULL DEFAULT 0,
  -- Known once the processor applied the run's records; null until then.
  identities_new       integer,
  identities_removed   integer,
  edges_seen           integer NOT NULL DEFAULT 0,
  persons_excluded     integer NOT NULL DEFAULT 0,
  -- Records of the run the inventory processor had to set aside: a complete run
  -- missing one of them cannot say what disappeared, so it removes nothing.
  records_set_aside    integer NOT NULL DEFAULT 0,
  error_code           text CHECK (length(error_code) BETWEEN 1 AND 100),
  error_message        text CHECK (length(error_message) BETWEEN 1 AND 2000),
  created_at           timestamptz NOT NULL,
  started_at           timestamptz,
  finished_at          timestamptz,
  applied_at           timestamptz,
  PRIMARY KEY (org_id, id),
  CHECK ((state IN ('queued', 'running')) = (finished_at IS NULL))
);
-- One run per connector at a time.
CREATE UNIQUE INDEX nhi_synchronization_runs_one_active ON nhi_synchronization_runs (org_id, connector_id) WHERE state IN ('queued', 'running');
CREATE INDEX nhi_synchronization_runs_connector ON nhi_synchronization_runs (org_id, connector_id, created_at DESC, id DESC);

ALTER TABLE nhi_identities
  ADD COLUMN principal_type   text NOT NULL DEFAULT 'machine' CHECK (principal_type IN ('machine', 'unknown')),
  ADD COLUMN attributes       jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN fingerprint      text CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  -- Null: the kind does not report last use (spec 8), shown as "not reported".
  ADD COLUMN last_used_at     timestamptz,
  ADD COLUMN first_seen_run_id uuid,
  ADD COLUMN last_seen_run_id uuid;
CREATE INDEX nhi_identities_listing ON nhi_identities (org_id, first_seen_at DESC, id DESC);
CREATE INDEX nhi_identities_connector_state ON nhi_identities (org_id, connector_id, state);
