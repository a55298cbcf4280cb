-- Account lifecycle (spec 3.2, 5.10): whether a person was
-- ever admitted to an organization, the links that verify an address, and the
-- password sessions an owner opened past SSO enforcement. Keyed by the person, as
-- users are; only services/accounts touches these.

-- Set the first time the person is seated in an organization other than their
-- personal one (invitation, SCIM, just-in-time, an organization they created) and
-- never cleared: an account that was admitted once is not "never admitted" after it
-- leaves (spec 3.2). A trigger, so no path that seats people can forget it.
ALTER TABLE users ADD COLUMN admitted_at timestamptz;

CREATE FUNCTION users_note_admission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET admitted_at = NEW.created_at
   WHERE id = NEW.user_id AND admitted_at IS NULL
     AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = NEW.org_id AND o.personal_for_user_id = NEW.user_id);
  RETURN NULL;
END $$;

CREATE TRIGGER memberships_note_admission AFTER INSERT ON memberships
  FOR EACH ROW EXECUTE FUNCTION users_note_admission();

UPDATE users u SET admitted_at = first.at
  FROM (SELECT m.user_id, min(m.created_at) AS at
          FROM memberships m JOIN organizations o ON o.id = m.org_id
         WHERE o.personal_for_user_id IS DISTINCT FROM m.user_id
         GROUP BY m.user_id) first
 WHERE u.id = first.user_id;

-- The link of a verification mail: single use, expiring, stored only as the SHA-256
-- digest of its token. It verifies the address it was sent to, and only while the
-- account still has that address and is live.
CREATE TABLE email_verifications (
  token_hash bytea PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  email      text NOT NULL CHECK (email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_verifications_person ON email_verifications (user_id, created_at);

-- A password session an owner opened with a second factor past their
-- organization's SSO enforcement (break-glass, sso_enforcement.bypassed): it
-- names the enforcing organization, and is renewed only while its person still
-- qualifies there (services/accounts/sso-enforcement.ts).
ALTER TABLE sessions ADD COLUMN sso_bypass_org_id uuid REFERENCES organizations (id);
