-- The findings plane (spec 2.5-2.7, 3.1): assets, scans, one finding row per
-- issue per asset, the append-only finding timeline, per-kind scanner settings,
-- asset schedules and the licence inventory. Every table carries org_id and every
-- query names it. Runs unchanged on PostgreSQL and PGlite.

-- A scanned container image, created on first sight by a scan. `reference` is the
-- canonical identity (services/scans/image-reference.ts assetIdentity): one asset
-- per organization and reference. A digest-pinned reference is a different asset
-- from a tag of the same repository.
CREATE TABLE assets (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id          uuid NOT NULL REFERENCES organizations (id),
  reference       text NOT NULL,
  registry        text NOT NULL,
  repository      text NOT NULL,
  tag             text,
  digest          text,
  pinned          boolean NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_scanned_at timestamptz,
  archived_at     timestamptz,
  archive_reason  text,
  UNIQUE (org_id, reference),
  CHECK (pinned = (digest IS NOT NULL)),
  CHECK ((archived_at IS NULL) = (archive_reason IS NULL))
);
-- GET /assets is ordered by creation (spec 4.9 rule 5).
CREATE INDEX assets_org_created ON assets (org_id, created_at DESC, id DESC);

-- A request to scan an asset (or an imported report). States: queued (waiting for
-- a worker or for capacity), running (scanners running or results being applied),
-- then completed, partial (some scanner failed: nothing is resolved) or failed.
CREATE TABLE scans (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id                  uuid NOT NULL REFERENCES organizations (id),
  asset_id                uuid NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
  image                   text NOT NULL,
  scanners                text[] NOT NULL,
  source                  text NOT NULL CHECK (source IN ('scan', 'import', 'schedule')),
  state                   text NOT NULL CHECK (state IN ('queued', 'running', 'completed', 'partial', 'failed')),
  failure_reason          text,
  -- Who asked: a person, or a machine in its own column, never both (spec 2.2).
  requested_by            uuid REFERENCES users (id),
  requested_by_api_key_id uuid REFERENCES api_keys (id),
  created_at              timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_at              timestamptz,
  completed_at            timestamptz,
  observation_count       integer,
  completed_kinds         text[] NOT NULL DEFAULT '{}',
  -- What applying the results changed, filled when the completion is applied.
  new_count               integer,
  reopened_count          integer,
  resolved_count          integer,
  CHECK (requested_by IS NULL OR requested_by_api_key_id IS NULL),
  CHECK ((state IN ('completed', 'partial', 'failed')) = (completed_at IS NOT NULL))
);
CREATE INDEX scans_org_created ON scans (org_id, created_at DESC, id DESC);
CREATE INDEX scans_org_asset_created ON scans (org_id, asset_id, created_at DESC, id DESC);
CREATE INDEX scans_org_running ON scans (org_id) WHERE state = 'running';

-- One row per issue per asset, keyed by (organization, asset, fingerprint).
CREATE TABLE findings (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id),
  asset_id           uuid NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
  fingerprint        text NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('vulnerability', 'secret', 'misconfiguration')),
  identifier         text NOT NULL,
  title              text,
  severity           text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low', 'none', 'unknown')),
  -- Worst first, for the severity order. unknown ranks above low: the evidence
  -- does not establish a severity, so it is never treated as low (spec 2.5).
  severity_rank      smallint GENERATED ALWAYS AS (
                       CASE severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2
                                     WHEN 'unknown' THEN 3 WHEN 'low' THEN 4 ELSE 5 END) STORED,
  fixability         text NOT NULL CHECK (fixability IN ('fixable', 'unfixable', 'unknown')),
  status             text NOT NULL CHECK (status IN ('open', 'triaged', 'suppressed', 'resolved', 'reopened')),
  component_ecosystem text,
  component_name     text,
  component_version  text,
  install_path       text,
  target             text,
  detail             jsonb NOT NULL,
  first_seen_at      timestamptz NOT NULL,
  -- The creation time of the most recent scan that found it (not the time the
  -- results were applied), so scans applied out of order never move it back.
  last_seen_at       timestamptz NOT NULL,
  last_seen_scan_id  uuid NOT NULL,
  -- The creation time of the scan that resolved it: an older scan applied later
  -- cannot reopen what a newer scan found gone.
  resolved_seen_at   timestamptz,
  suppression_reason text,
  suppressed_until   timestamptz,
  created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (org_id, asset_id, fingerprint),
  CHECK ((status = 'suppressed') = (suppression_reason IS NOT NULL))
);
CREATE INDEX findings_org_severity ON findings (org_id, severity_rank, last_seen_at DESC, id DESC);
CREATE INDEX findings_org_recent ON findings (org_id, created_at DESC, id DESC);
CREATE INDEX findings_org_asset_severity ON findings (org_id, asset_id, severity_rank, last_seen_at DESC, id DESC);
CREATE INDEX findings_org_asset_recent ON findings (org_id, asset_id, created_at DESC, id DESC);
CREATE INDEX findings_org_identifier ON findings (org_id, identifier);
CREATE INDEX findings_suppression_expiry ON findings (suppressed_until) WHERE status = 'suppressed';

-- The finding timeline (spec 2.6). Append-only: the database refuses rewrites.
-- The actor is structural: a person in actor_user_id (or suppressed_by for a
-- suppression), a machine in actor_api_key_id, the pipeline or the expiry sweep
-- as actor_kind 'system' with every id column NULL.
CREATE TABLE finding_events (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq              bigint GENERATED ALWAYS AS IDENTITY,
  org_id           uuid NOT NULL REFERENCES organizations (id),
  finding_id       uuid NOT NULL REFERENCES findings (id) ON DELETE CASCADE,
  type             text NOT NULL CHECK (type IN ('created', 'status_changed')),
  from_status      text,
  to_status        text NOT NULL,
  scan_id          uuid,
  actor_kind       text NOT NULL CHECK (actor_kind IN ('user', 'api_key', 'workload', 'system')),
  actor_user_id    uuid REFERENCES users (id),
  actor_api_key_id uuid REFERENCES api_keys (id),
  suppressed_by    uuid REFERENCES users (id),
  reason           text,
  suppressed_until timestamptz,
  request_id       text,
  occurred_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((actor_kind = 'user') = (actor_user_id IS NOT NULL)),
  CHECK ((actor_kind = 'api_key') = (actor_api_key_id IS NOT NULL)),
  CHECK (suppressed_by IS NULL OR suppressed_by = actor_user_id)
);
CREATE INDEX finding_events_finding ON finding_events (org_id, finding_id, seq DESC);

CREATE FUNCTION finding_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleting a finding (with its asset) takes its timeline along; nothing else may.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM findings WHERE id = OLD.finding_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'finding_events is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER finding_events_no_update_or_delete
  BEFORE UPDATE OR DELETE ON finding_events
  FOR EACH ROW EXECUTE FUNCTION finding_events_refuse_change();
CREATE TRIGGER finding_events_no_truncate
  BEFORE TRUNCATE ON finding_events
  FOR EACH STATEMENT EXECUTE FUNCTION finding_events_refuse_change();

-- Which optional kinds scans look for, per target kind (spec 1: secret and
-- misconfiguration detection are off by default). No row means the defaults.
CREATE TABLE scanner_settings (
  org_id            uuid NOT NULL REFERENCES organizations (id),
  target_kind       text NOT NULL CHECK (target_kind IN ('container_image')),
  secrets           boolean NOT NULL DEFAULT false,
  misconfigurations boolean NOT NULL DEFAULT false,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, target_kind)
);

-- One schedule per asset (spec 2.7); the scheduler queues a scan when it is due.
CREATE TABLE asset_schedules (
  asset_id       uuid PRIMARY KEY REFERENCES assets (id) ON DELETE CASCADE,
  org_id         uuid NOT NULL REFERENCES organizations (id),
  interval_hours integer NOT NULL CHECK (interval_hours BETWEEN 1 AND 8760),
  scanners       text[] NOT NULL,
  next_run_at    timestamptz NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX asset_schedules_due ON asset_schedules (next_run_at);

-- The licence inventory (licence data is not a finding, spec 2.5): what the
-- latest scan of each asset reported, replaced by every scan that reports licences.
CREATE TABLE asset_licenses (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id),
  asset_id    uuid NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
  scan_id     uuid NOT NULL,
  license     text NOT NULL,
  package     text,
  version     text,
  ecosystem   text,
  path        text
);
CREATE INDEX asset_licenses_org ON asset_licenses (org_id, license, id);
CREATE INDEX asset_licenses_asset ON asset_licenses (org_id, asset_id);
