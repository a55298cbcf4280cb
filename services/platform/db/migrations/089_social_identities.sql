-- Social login (spec 5.1): a person's identities at the providers the
-- deployment offers (GitHub, Google), each linked to one account. Keyed by the
-- provider's stable subject (GitHub's numeric user id, Google's sub), never by the
-- address, which a provider lets people change. Not tenant data: a social login signs
-- a person in to their own account and personal organization. Only
-- services/identity/social-login touches this table. A link to an account retired
-- since counts for nothing and is moved to the person's fresh account on their next
-- sign-in.
CREATE TABLE social_identities (
  provider          text NOT NULL CHECK (provider IN ('github', 'google')),
  subject           text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id           uuid NOT NULL REFERENCES users (id),
  -- The provider-verified address it was linked by or last signed in with.
  email             text NOT NULL CHECK (email = lower(email)),
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_signed_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_person ON social_identities (user_id);
