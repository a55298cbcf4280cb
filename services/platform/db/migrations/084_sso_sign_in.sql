-- Single sign-on: what a sign-in through an organization's identity
-- provider keeps between leaving for the provider and coming back.

-- A sign-in under way: created when the browser is sent to the identity provider,
-- deleted when it comes back (single use) or found expired. The state (OIDC
-- state, SAML RelayState) is a secret the provider hands back: only its SHA-256
-- digest is kept. The OIDC nonce and PKCE verifier are derived from the state with
-- the token signing key, so no secret of the sign-in is stored at all. The SAML
-- request id is not secret (it travels in the AuthnRequest); the response must
-- answer it (InResponseTo).
CREATE TABLE sso_pending_sign_ins (
  state_hash      bytea PRIMARY KEY,
  org_id          uuid NOT NULL REFERENCES organizations (id),
  sso_provider_id uuid NOT NULL REFERENCES sso_providers (id) ON DELETE CASCADE,
  saml_request_id text,
  -- One of the deployment's permitted return addresses (SIGN_IN_RETURN_URL, SSO_RETURN_URLS).
  return_to       text NOT NULL,
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_pending_sign_ins_provider ON sso_pending_sign_ins (org_id, sso_provider_id, expires_at);

-- SAML assertions already accepted, kept until they expire, so a replayed
-- assertion is refused even if it answered a request still pending.
CREATE TABLE sso_consumed_assertions (
  org_id          uuid NOT NULL REFERENCES organizations (id),
  sso_provider_id uuid NOT NULL REFERENCES sso_providers (id) ON DELETE CASCADE,
  assertion_id    text NOT NULL CHECK (length(assertion_id) BETWEEN 1 AND 256),
  expires_at      timestamptz NOT NULL,
  PRIMARY KEY (sso_provider_id, assertion_id)
);
CREATE INDEX sso_consumed_assertions_expiry ON sso_consumed_assertions (org_id, sso_provider_id, expires_at);

-- The provider a sign-in code of method sso came from, for the session.signed_in
-- record the exchange writes in the provider's organization. A deleted provider
-- takes its unredeemed codes along.
ALTER TABLE sign_in_codes ADD COLUMN sso_provider_id uuid REFERENCES sso_providers (id) ON DELETE CASCADE;
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_sso_provider CHECK (sso_provider_id IS NULL OR method = 'sso');

-- An SSO group exists as the values one provider's assertions carry: deleting the
-- provider deletes its groups (and, by their own cascade, who they held). Roles the
-- mappings conferred stay as they are.
ALTER TABLE directory_groups DROP CONSTRAINT directory_groups_sso_provider_id_fkey;
ALTER TABLE directory_groups ADD CONSTRAINT directory_groups_sso_provider_id_fkey
  FOREIGN KEY (sso_provider_id) REFERENCES sso_providers (id) ON DELETE CASCADE;
