-- Registry credentials (spec 2.4, 6.2): the username and secret a
-- scan worker hands to the scanner for images of one registry. One per registry
-- host and organization. Every timestamp comes from the application's clock.
CREATE TABLE registry_credentials (
  id                 uuid NOT NULL,
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- Normalized host[:port] (services/registry-credentials/registry-host.ts), lower-cased,
  -- Docker Hub's aliases as docker.io: the form image references are matched in.
  registry           text NOT NULL CHECK (length(registry) BETWEEN 1 AND 261),
  username           text NOT NULL CHECK (length(username) BETWEEN 1 AND 256),
  -- SecretBox ciphertext, associated data `registry_credential:<org_id>:<id>:<registry>`:
  -- copied to another row, another tenant or another registry it does not open.
  secret_ciphertext  text NOT NULL,
  -- Bumped by every change of username or secret, so the outcome of a scan that used
  -- the values before never lands on the values after.
  revision           integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  -- unused until a scanner run uses it; then the outcome of the latest such run.
  status             text NOT NULL DEFAULT 'unused' CHECK (status IN ('unused', 'ok', 'failed')),
  last_used_at       timestamptz,
  last_error         text CHECK (length(last_error) <= 500),
  -- Attribution only: credentials:manage is a people-only permission.
  created_by_user_id uuid NOT NULL,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  PRIMARY KEY (org_id, id),
  UNIQUE (org_id, registry),
  CHECK ((status = 'unused') = (last_used_at IS NULL)),
  CHECK (last_error IS NULL OR status = 'failed')
);
