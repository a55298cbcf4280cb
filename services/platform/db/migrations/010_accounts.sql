-- Accounts: people, organizations and their plans, memberships, sessions with
-- rotating refresh tokens, one-time sign-in codes, API keys and the identity
-- audit trail. Every secret is stored only as a SHA-256 digest (bytea) or, for
-- passwords, as a scrypt hash. Runs unchanged on PostgreSQL and PGlite.

-- Plans are data, not code: limits are read from here (spec 8 "Concurrent scans").
-- seats NULL means unlimited.
CREATE TABLE plans (
  code             text PRIMARY KEY,
  name             text NOT NULL,
  seats            integer CHECK (seats IS NULL OR seats > 0),
  concurrent_scans integer NOT NULL CHECK (concurrent_scans > 0)
);
INSERT INTO plans (code, name, seats, concurrent_scans) VALUES
  ('free', 'Free', 3, 1),
  ('pro', 'Pro', 10, 5),
  ('team', 'Team', 50, 10),
  ('enterprise', 'Enterprise', NULL, 25);

-- A person. Not tenant data: one person may belong to several organizations.
CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email         text NOT NULL UNIQUE CHECK (email = lower(email)),
  name          text NOT NULL,
  -- scrypt$ln=..,r=..,p=..$salt$hash; NULL for people who only sign in through social login or SSO.
  password_hash text,
  -- The acting-organization preference (spec 1.1 rule 10). A preference, not authority:
  -- membership is checked on every request.
  active_org_id uuid,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizations (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  plan_code            text NOT NULL DEFAULT 'free' REFERENCES plans (code),
  -- Set for the personal organization signup creates; its person's sign-ins are audited there.
  personal_for_user_id uuid UNIQUE REFERENCES users (id),
  created_at           timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE users ADD CONSTRAINT users_active_org_fk FOREIGN KEY (active_org_id) REFERENCES organizations (id) ON DELETE SET NULL;

CREATE TABLE memberships (
  org_id     uuid NOT NULL REFERENCES organizations (id),
  user_id    uuid NOT NULL REFERENCES users (id),
  -- The roles of services/accounts/permissions.ts.
  role       text NOT NULL CHECK (role IN ('owner', 'admin', 'analyst', 'viewer')),
  arrival    text NOT NULL CHECK (arrival IN ('manual', 'invitation', 'directory', 'jit')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);

-- One row per sign-in: the refresh-token family. Ending it (sign-out, replay) ends
-- every access token of the session at once, because each request checks it.
CREATE TABLE sessions (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id),
  method     text NOT NULL CHECK (method IN ('password', 'social', 'sso')),
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at   timestamptz,
  end_reason text CHECK (end_reason IN ('signed_out', 'refresh_replayed')),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Rotating refresh tokens. A token is used once: rotated_at is set when it is
-- exchanged, and presenting it again is a replay that ends the family.
CREATE TABLE refresh_tokens (
  token_hash bytea PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

-- One-time codes a social or SSO sign-in hands to the browser or CLI, traded for a
-- session at POST /api/v1/auth/exchange. Single use, short-lived, stored hashed.
CREATE TABLE sign_in_codes (
  code_hash  bytea PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  -- Where the sign-in is audited: the person's personal organization for social
  -- login, the identity provider's organization for SSO (spec 6.2).
  org_id     uuid NOT NULL REFERENCES organizations (id),
  method     text NOT NULL CHECK (method IN ('social', 'sso')),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id),
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  key_hash           bytea NOT NULL UNIQUE,
  -- The recognizable beginning of the key, for display; too short to help a guesser.
  start              text NOT NULL,
  scopes             text[] NOT NULL,
  -- Attribution only: the key has no role and survives its creator leaving.
  created_by_user_id uuid REFERENCES users (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  revoked_at         timestamptz,
  last_used_at       timestamptz
);
CREATE INDEX api_keys_org ON api_keys (org_id, created_at);

-- Identity audit trail (spec 2.10, 6.2). Append-only: the database refuses any change.
CREATE TABLE identity_audit_events (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: the trail's order even where timestamps tie (PGlite's clock has millisecond resolution).
  seq              bigint GENERATED ALWAYS AS IDENTITY,
  org_id           uuid NOT NULL REFERENCES organizations (id),
  -- A person, a key, or neither (an unauthenticated caller); never both (spec 2.2).
  actor_user_id    uuid REFERENCES users (id),
  actor_api_key_id uuid REFERENCES api_keys (id),
  action           text NOT NULL,
  source_ip        text,
  user_agent       text,
  request_id       text,
  detail           jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- clock_timestamp, not now(): events written by one transaction get their own times.
  created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT identity_audit_events_one_actor CHECK (actor_user_id IS NULL OR actor_api_key_id IS NULL)
);
CREATE INDEX identity_audit_events_org_seq ON identity_audit_events (org_id, seq DESC);

CREATE FUNCTION identity_audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'identity_audit_events is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER identity_audit_events_no_update_or_delete
  BEFORE UPDATE OR DELETE ON identity_audit_events
  FOR EACH ROW EXECUTE FUNCTION identity_audit_events_refuse_change();
CREATE TRIGGER identity_audit_events_no_truncate
  BEFORE TRUNCATE ON identity_audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION identity_audit_events_refuse_change();
