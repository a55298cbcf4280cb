-- Enterprise identity (spec 2.9, 3.2, 5.9, 5.10): the tables single sign-on,
-- verified domains, SCIM and group mappings share. Each capability adds its own
-- tables in later migrations; these are the ones more than one of them reads.

-- An address is verified by an SSO login for it or by the link of the
-- verification mail. An account registered with a password for an address in a
-- verified domain, never verified and never admitted, is retired by the first SSO
-- login or SCIM push for that address (spec 3.2): the retired row stays (audit
-- rows and keys point at it) and frees the address for the person's fresh account.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN retired_at timestamptz;
ALTER TABLE users DROP CONSTRAINT users_email_key;
CREATE UNIQUE INDEX users_live_email ON users (email) WHERE retired_at IS NULL;

-- Sessions also end when SSO enforcement reaches a password session at its next
-- renewal, and when the account they belong to is retired.
ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
  CHECK (end_reason IN ('signed_out', 'refresh_replayed', 'sso_enforced', 'account_retired'));

-- A domain an organization claims, proven by a DNS TXT record carrying the token.
-- The token is published in DNS, so it is not a secret. Only one organization can
-- hold a domain verified; a verified domain enables just-in-time provisioning,
-- SSO enforcement and the retirement of unverified accounts for its addresses.
CREATE TABLE identity_domains (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id             uuid NOT NULL REFERENCES organizations (id),
  domain             text NOT NULL CHECK (domain = lower(domain) AND length(domain) BETWEEN 3 AND 253),
  verification_token text NOT NULL,
  token_expires_at   timestamptz NOT NULL,
  verified_at        timestamptz,
  created_by_user_id uuid REFERENCES users (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, domain)
);
CREATE UNIQUE INDEX identity_domains_verified_once ON identity_domains (domain) WHERE verified_at IS NOT NULL;

-- An organization's identity provider. Settings hold what is not secret (issuer,
-- client id, SAML entry point and certificate); the OIDC client secret is sealed
-- with the configured secret box. An organization enforces SSO when one of its
-- enabled providers is enforced.
CREATE TABLE sso_providers (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id           uuid NOT NULL REFERENCES organizations (id),
  protocol         text NOT NULL CHECK (protocol IN ('oidc', 'saml')),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  enabled          boolean NOT NULL DEFAULT true,
  enforced         boolean NOT NULL DEFAULT false,
  jit_provisioning boolean NOT NULL DEFAULT false,
  -- Never owner (spec 5.8).
  default_role     text NOT NULL DEFAULT 'viewer' CHECK (default_role IN ('admin', 'analyst', 'viewer')),
  settings         jsonb NOT NULL DEFAULT '{}'::jsonb,
  sealed_secret    bytea,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, name)
);
CREATE INDEX sso_providers_enforced ON sso_providers (org_id) WHERE enabled AND enforced;

-- A directory group, listed once an SSO assertion or a SCIM push names it; it
-- confers nothing until mapped to a role (spec 2.9). An SSO group is the value the
-- provider's assertions carry; a SCIM group is a SCIM resource whose id is this id.
CREATE TABLE directory_groups (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id            uuid NOT NULL REFERENCES organizations (id),
  source            text NOT NULL CHECK (source IN ('sso', 'scim')),
  sso_provider_id   uuid REFERENCES sso_providers (id),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 256),
  external_id       text,
  -- NULL confers nothing. Never owner (spec 5.8).
  role              text CHECK (role IN ('admin', 'analyst', 'viewer')),
  mapped_by_user_id uuid REFERENCES users (id),
  mapped_at         timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((source = 'sso') = (sso_provider_id IS NOT NULL))
);
CREATE UNIQUE INDEX directory_groups_sso_name ON directory_groups (org_id, sso_provider_id, name) WHERE source = 'sso';
CREATE INDEX directory_groups_org ON directory_groups (org_id, created_at, id);

-- Who a directory group holds: replaced per person at each SSO sign-in (the groups
-- the assertion names), and by SCIM pushes for SCIM groups.
CREATE TABLE directory_group_members (
  org_id     uuid NOT NULL REFERENCES organizations (id),
  group_id   uuid NOT NULL REFERENCES directory_groups (id) ON DELETE CASCADE,
  user_id    uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX directory_group_members_person ON directory_group_members (org_id, user_id);
