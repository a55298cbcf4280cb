-- A person's second factor, TOTP (RFC 6238). Keyed by the person, as
-- users are: one sign-in spans all of a person's organizations. Only
-- services/identity/second-factor touches these tables.
CREATE TABLE user_second_factors (
  user_id           uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The shared secret, sealed by the secret box (services/platform/crypto/secret-box.ts)
  -- under associated data naming this person's row: a ciphertext copied to another
  -- person's row does not open.
  secret_ciphertext text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  -- NULL until the person proves their authenticator with a code; an unconfirmed
  -- factor is never asked for at sign-in.
  confirmed_at      timestamptz,
  -- The time step of the last code accepted: a code is accepted only for a later step,
  -- so none can be replayed within its validity.
  last_used_step    bigint
);

-- Recovery codes, each usable once, stored only as their SHA-256 digest (each has 80
-- random bits, so a digest is not worth guessing). They go with their factor.
CREATE TABLE user_recovery_codes (
  user_id     uuid NOT NULL REFERENCES user_second_factors (user_id) ON DELETE CASCADE,
  code_digest bytea NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (user_id, code_digest)
);
