-- Policies, their immutable versions, verdicts (spec 2.7, 4.1) and the per-scan
-- summary the verdict is computed from. Every table carries org_id and every
-- query names it. Runs unchanged on PostgreSQL and PGlite.

-- A named, enabled or disabled policy. Its rules live in its versions;
-- current_version is the latest, the one a verdict uses while it is enabled.
CREATE TABLE policies (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id          uuid NOT NULL REFERENCES organizations (id),
  name            text NOT NULL,
  description     text,
  enabled         boolean NOT NULL DEFAULT false,
  current_version integer NOT NULL CHECK (current_version >= 1),
  created_by      uuid NOT NULL REFERENCES users (id),
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- At most one enabled policy per organization: enabling another disables it first.
CREATE UNIQUE INDEX policies_one_enabled ON policies (org_id) WHERE enabled;
CREATE INDEX policies_org_created ON policies (org_id, created_at DESC, id DESC);

-- One version of a policy's rules. Immutable: editing a policy creates the next
-- version, and the database refuses to rewrite or remove one.
CREATE TABLE policy_versions (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id     uuid NOT NULL REFERENCES organizations (id),
  policy_id  uuid NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
  version    integer NOT NULL CHECK (version >= 1),
  -- json, not jsonb: read back in the canonical key order it was written in.
  rules      json NOT NULL,
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (policy_id, version)
);
CREATE INDEX policy_versions_org_policy ON policy_versions (org_id, policy_id, version DESC);

CREATE FUNCTION policy_versions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleting a policy (with its organization) takes its versions along; nothing else may.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM policies WHERE id = OLD.policy_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'policy_versions is immutable: % refused', TG_OP;
END;
$$;
CREATE TRIGGER policy_versions_no_update_or_delete
  BEFORE UPDATE OR DELETE ON policy_versions
  FOR EACH ROW EXECUTE FUNCTION policy_versions_refuse_change();
CREATE TRIGGER policy_versions_no_truncate
  BEFORE TRUNCATE ON policy_versions
  FOR EACH STATEMENT EXECUTE FUNCTION policy_versions_refuse_change();

-- A scan evaluated against a policy version: immutable, one per (scan, policy
-- version). body is the exact response text, written once, so a replay answers
-- the same bytes. The requester is structural, as on scans (spec 2.2).
CREATE TABLE verdicts (
  id                      uuid PRIMARY KEY,
  org_id                  uuid NOT NULL REFERENCES organizations (id),
  scan_id                 uuid NOT NULL REFERENCES scans (id) ON DELETE CASCADE,
  policy_version_id       uuid NOT NULL REFERENCES policy_versions (id) ON DELETE CASCADE,
  blocking                boolean NOT NULL,
  body                    text NOT NULL,
  requested_by            uuid REFERENCES users (id),
  requested_by_api_key_id uuid REFERENCES api_keys (id),
  created_at              timestamptz NOT NULL,
  UNIQUE (org_id, scan_id, policy_version_id),
  CHECK (requested_by IS NULL OR requested_by_api_key_id IS NULL)
);
CREATE INDEX verdicts_org_created ON verdicts (org_id, created_at DESC, id DESC);
CREATE INDEX verdicts_org_scan_created ON verdicts (org_id, scan_id, created_at DESC, id DESC);

CREATE FUNCTION verdicts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deleting a scan (with its asset) or a policy version (with its policy) takes
  -- the verdicts along; nothing else may.
  IF TG_OP = 'DELETE' AND (NOT EXISTS (SELECT 1 FROM scans WHERE id = OLD.scan_id)
                           OR NOT EXISTS (SELECT 1 FROM policy_versions WHERE id = OLD.policy_version_id)) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'verdicts are immutable: % refused', TG_OP;
END;
$$;
CREATE TRIGGER verdicts_no_update_or_delete
  BEFORE UPDATE OR DELETE ON verdicts
  FOR EACH ROW EXECUTE FUNCTION verdicts_refuse_change();
CREATE TRIGGER verdicts_no_truncate
  BEFORE TRUNCATE ON verdicts
  FOR EACH STATEMENT EXECUTE FUNCTION verdicts_refuse_change();

-- What a verdict needs of a scan, kept by the scan-summary stream processor as
-- observations land: one row per scan, frozen once the scan's completion has
-- been applied to the findings.
CREATE TABLE scan_summaries (
  scan_id   uuid PRIMARY KEY REFERENCES scans (id) ON DELETE CASCADE,
  org_id    uuid NOT NULL REFERENCES organizations (id),
  frozen_at timestamptz
);

-- One row per issue the scan observed, with the facets policy rules test. The
-- observation's facets arrive with it; status and first-seen age are known only
-- to the findings table and are copied from it when the summary freezes.
CREATE TABLE scan_summary_findings (
  org_id              uuid NOT NULL REFERENCES organizations (id),
  scan_id             uuid NOT NULL REFERENCES scan_summaries (scan_id) ON DELETE CASCADE,
  fingerprint         text NOT NULL,
  kind                text NOT NULL,
  severity            text NOT NULL,
  fixability          text NOT NULL,
  cvss_score          double precision,
  -- The advisory identifier and its other identifiers, lower-cased: advisory
  -- conditions compare case-insensitively. Apart, so the identifier alone, the
  -- common case, is tested with a hashed lookup.
  identifier          text NOT NULL,
  aliases             text[] NOT NULL,
  component_name      text,
  finding_id          uuid,
  status              text,
  -- Whole days from the finding's first sighting to the scan's completion.
  first_seen_age_days integer,
  PRIMARY KEY (org_id, scan_id, fingerprint)
);
