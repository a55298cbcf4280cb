-- NHI runtime decisions: the organization's runtime rules, the log of
-- every answer given to an agent or a gateway, and the windows that coalesce the audit
-- records of denials (docs/decisions/nhi-governance.md, "Runtime decisions").

-- A rule allows or denies an action on a resource for the identities it matches
-- (services/nhi/runtime/rule-language.ts). Deny overrides allow, so rules have no order.
CREATE TABLE nhi_runtime_rules (
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id                 uuid NOT NULL,
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  effect             text NOT NULL CHECK (effect IN ('allow', 'deny')),
  enabled            boolean NOT NULL,
  -- Stored rebuilt field by field (json keeps that order), as the domain canonicalized it.
  match              json NOT NULL,
  condition          json,
  created_at         timestamptz NOT NULL,
  created_by_user_id uuid NOT NULL,
  updated_at         timestamptz NOT NULL,
  updated_by_user_id uuid NOT NULL,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, name)
);

-- Every answer, allow or deny, as it was given. The identity is null when the caller
-- named one the organization does not have (identity_reference keeps what it said).
CREATE TABLE nhi_runtime_decisions (
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id                 uuid NOT NULL,
  identity_id        uuid,
  identity_reference json NOT NULL,
  action             text NOT NULL CHECK (length(action) BETWEEN 1 AND 256),
  resource           text NOT NULL CHECK (length(resource) BETWEEN 1 AND 1024),
  context            json,
  decision           text NOT NULL CHECK (decision IN ('allow', 'deny')),
  reasons            json NOT NULL,
  rule_ids           uuid[] NOT NULL,
  grant_ids          uuid[] NOT NULL,
  -- The credential that asked: an API key, a workload or a person's session.
  caller_kind        text NOT NULL CHECK (caller_kind IN ('api_key', 'workload', 'user')),
  caller_id          uuid NOT NULL,
  decided_at         timestamptz NOT NULL,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id)
);
CREATE INDEX nhi_runtime_decisions_newest ON nhi_runtime_decisions (org_id, decided_at DESC, id DESC);
CREATE INDEX nhi_runtime_decisions_identity ON nhi_runtime_decisions (org_id, identity_id, decided_at DESC, id DESC);

-- One row per denied subject (an identity, or a reference nobody has): the first denial
-- of a window is audited, the others are only counted here and carried by the next record.
CREATE TABLE nhi_runtime_denial_windows (
  org_id            uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  subject           text NOT NULL CHECK (length(subject) BETWEEN 1 AND 2400),
  -- Null until the subject's first denial is recorded.
  window_started_at timestamptz,
  unrecorded        integer NOT NULL CHECK (unrecorded >= 0),
  PRIMARY KEY (org_id, subject)
);
