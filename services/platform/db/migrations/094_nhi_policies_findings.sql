-- NHI policies and module findings (spec 3.1, 8): the
-- organizations' policy settings, approved tool definitions (the baseline of the
-- tool_definition_changed policy), and one finding per (identity, policy), kept
-- while its condition holds, resolved when it stops, reopened when it returns.

-- A policy's settings in an organization; no row means the policy's defaults
-- (services/nhi/policies/catalogue.ts). Policy names are checked by the application.
CREATE TABLE nhi_policy_settings (
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  policy             text NOT NULL CHECK (length(policy) BETWEEN 1 AND 100),
  enabled            boolean NOT NULL,
  settings           jsonb NOT NULL CHECK (jsonb_typeof(settings) = 'object'),
  updated_by_user_id uuid NOT NULL,
  updated_at         timestamptz NOT NULL,
  PRIMARY KEY (org_id, policy)
);

-- The definition a person approved for an identity that has one (a tool server's
-- tool, resource or the server itself): its fingerprint when approved.
CREATE TABLE nhi_tool_approvals (
  org_id              uuid NOT NULL,
  identity_id         uuid NOT NULL,
  fingerprint         text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  approved_by_user_id uuid NOT NULL,
  approved_at         timestamptz NOT NULL,
  PRIMARY KEY (org_id, identity_id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE
);

CREATE TABLE nhi_findings (
  org_id                    uuid NOT NULL,
  id                        uuid NOT NULL,
  policy                    text NOT NULL CHECK (length(policy) BETWEEN 1 AND 100),
  identity_id               uuid NOT NULL,
  severity                  text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  status                    text NOT NULL CHECK (status IN ('open', 'acknowledged', 'in_progress', 'risk_accepted', 'false_positive', 'resolved')),
  -- What the policy saw at its last evaluation where the condition held.
  detail                    jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(detail) = 'object'),
  -- The reason given with the current status (required for an accepted risk and a false positive).
  reason                    text CHECK (length(reason) BETWEEN 1 AND 2000),
  -- An accepted risk's end: from then on the finding reads as open (evaluated at read time, spec 3.2).
  risk_accepted_until       timestamptz,
  status_changed_at         timestamptz NOT NULL,
  -- Null when the system changed it (opening, resolution, reopening by evaluation).
  status_changed_by_user_id uuid,
  -- First time the condition was seen to hold; kept through resolution and reopening.
  first_detected_at         timestamptz NOT NULL,
  last_detected_at          timestamptz NOT NULL,
  resolved_at               timestamptz,
  reopened_at               timestamptz,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, policy, identity_id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE,
  CHECK ((status = 'resolved') = (resolved_at IS NOT NULL)),
  CHECK (status NOT IN ('risk_accepted', 'false_positive') OR reason IS NOT NULL),
  CHECK (risk_accepted_until IS NULL OR status = 'risk_accepted')
);
-- The listing: newest first by first detection.
CREATE INDEX nhi_findings_listing ON nhi_findings (org_id, first_detected_at DESC, id DESC);
CREATE INDEX nhi_findings_identity ON nhi_findings (org_id, identity_id);

-- A time a collector put in an identity's attributes (an ISO text such as
-- attributes.createdAt) with its offset, or null when it is absent, not a time or
-- has no offset (it would be read in the session's time zone): a provider's
-- malformed date must not fail an evaluation or a report.
CREATE FUNCTION nhi_time_or_null(value text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF value IS NULL OR value !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$' THEN
    RETURN NULL;
  END IF;
  RETURN value::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END;
$$;
