-- SCIM 2.0 provisioning (spec 2.9, 5.9): the directory tokens an
-- organization's owners issue, the directory's users and its group memberships.

-- A directory token is shown once; only its SHA-256 digest and a short display start
-- are kept, as for API keys and workloads. It acts in its organization at
-- /api/scim/v2 and nowhere else. Revoked tokens stay: the trail names them as actors.
CREATE TABLE directory_tokens (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id),
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  token_hash         bytea NOT NULL UNIQUE,
  start              text NOT NULL,
  created_by_user_id uuid NOT NULL REFERENCES users (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_used_at       timestamptz,
  revoked_at         timestamptz
);
CREATE INDEX directory_tokens_org ON directory_tokens (org_id, created_at DESC, id DESC);

-- What the directory does is recorded with the token as actor, a machine in a
-- column of its own beside the API key's and the workload's (spec 2.2). Adding a
-- column fires no row trigger, so the append-only tables stay so.
ALTER TABLE identity_audit_events ADD COLUMN actor_directory_token_id uuid REFERENCES directory_tokens (id);
ALTER TABLE identity_audit_events DROP CONSTRAINT identity_audit_events_one_actor;
ALTER TABLE identity_audit_events ADD CONSTRAINT identity_audit_events_one_actor
  CHECK (num_nonnulls(actor_user_id, actor_api_key_id, actor_workload_id, actor_directory_token_id) <= 1);
ALTER TABLE identity_audit_events DROP CONSTRAINT identity_audit_events_system_acts_alone;
ALTER TABLE identity_audit_events ADD CONSTRAINT identity_audit_events_system_acts_alone
  CHECK (NOT actor_system OR num_nonnulls(actor_user_id, actor_api_key_id, actor_workload_id, actor_directory_token_id) = 0);

ALTER TABLE identity_refusal_windows ADD COLUMN actor_directory_token_id uuid REFERENCES directory_tokens (id);

-- A SCIM user: the resource as the directory last wrote it (without id, meta and
-- groups, which the service derives, and never a password), the columns the
-- service decides with, and the person it stands for. A user carrying an email
-- address stands for the live account of that address (created when there is none);
-- one without an address stands for nobody, holds no seat and grants nothing. While
-- active, its person is a member of the organization (arrival directory); a user
-- staged inactive holds no seat (spec 5.9). Several users of one directory may name
-- the same address: they stand for the same person, who stays a member while any
-- of them is active.
CREATE TABLE scim_users (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id      uuid NOT NULL REFERENCES organizations (id),
  user_name   text NOT NULL CHECK (length(user_name) BETWEEN 1 AND 256),
  external_id text,
  active      boolean NOT NULL,
  user_id     uuid REFERENCES users (id),
  resource    jsonb NOT NULL,
  version     bigint NOT NULL DEFAULT 1,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- userName is unique per organization, compared without case (RFC 7643 4.1.1: caseExact false, uniqueness server).
CREATE UNIQUE INDEX scim_users_user_name ON scim_users (org_id, lower(user_name));
CREATE INDEX scim_users_person ON scim_users (org_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX scim_users_org ON scim_users (org_id, created_at, id);

-- SCIM groups are directory_groups rows (source scim, migration 081); their
-- displayName is unique per organization, without case, so a directory cannot
-- push two groups an administrator could not tell apart when mapping roles.
CREATE UNIQUE INDEX directory_groups_scim_name ON directory_groups (org_id, lower(name)) WHERE source = 'scim';

-- Who a SCIM group holds, as the directory wrote it: SCIM users, whether or not
-- they stand for a person. directory_group_members holds the persons among them
-- (the ones mappings confer roles to), kept equal to this in the same transaction.
CREATE TABLE scim_group_members (
  org_id       uuid NOT NULL REFERENCES organizations (id),
  group_id     uuid NOT NULL REFERENCES directory_groups (id) ON DELETE CASCADE,
  scim_user_id uuid NOT NULL REFERENCES scim_users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, scim_user_id)
);
CREATE INDEX scim_group_members_user ON scim_group_members (org_id, scim_user_id);
