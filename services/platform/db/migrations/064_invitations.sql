-- Invitations (spec 2.9, 3.2, 5.8, 5.9; services/identity/invitations): an address
-- and a role, never owner. The token is shown once to the inviting administrator and
-- kept only as its SHA-256 digest. The state is derived: redeemed, withdrawn, expired
-- (expires_at passed) or issued; an issued invitation holds a seat
-- (services/organizations/seats.ts counts them).
CREATE TABLE invitations (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id              uuid NOT NULL REFERENCES organizations (id),
  -- Stored lower-case, as users.email is: acceptance compares the two.
  email               text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  role                text NOT NULL CHECK (role IN ('admin', 'analyst', 'viewer')),
  token_hash          bytea NOT NULL UNIQUE,
  invited_by_user_id  uuid NOT NULL REFERENCES users (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL,
  redeemed_at         timestamptz,
  redeemed_by_user_id uuid REFERENCES users (id),
  withdrawn_at        timestamptz,
  CHECK ((redeemed_at IS NULL) = (redeemed_by_user_id IS NULL)),
  CHECK (redeemed_at IS NULL OR withdrawn_at IS NULL)
);
CREATE INDEX invitations_org ON invitations (org_id, created_at);
