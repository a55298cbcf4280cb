-- The link of a password reset mail: single use, valid for 30
-- minutes, stored only as the SHA-256 digest of its token. It resets the password
-- of the account it was sent for, and only while that account is live and still
-- has the address the mail went to.
CREATE TABLE password_resets (
  token_hash bytea PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  email      text NOT NULL CHECK (email = lower(email)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_person ON password_resets (user_id, created_at);

-- A password reset ends every session of its person (each session is one refresh family).
ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
  CHECK (end_reason IN ('signed_out', 'refresh_replayed', 'sso_enforced', 'account_retired', 'password_reset'));
