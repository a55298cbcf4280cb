-- Repeated refusals of one credential. The identity trail is
-- append-only, so a count cannot grow in it: the first refusal of a window is
-- written to the trail at once, later ones only count here, and when the window
-- closes one summary row with the count is appended to the trail and this row is
-- deleted. Only services/platform/audit/identity-trail.ts touches this table.
CREATE TABLE identity_refusal_windows (
  org_id           uuid NOT NULL REFERENCES organizations (id),
  action           text NOT NULL,
  -- Whose refusals are counted: the key id of api_key.refused, the person of active_org.refused.
  subject          text NOT NULL,
  actor_user_id    uuid REFERENCES users (id),
  actor_api_key_id uuid REFERENCES api_keys (id),
  -- The detail of the refusal that opened the window, repeated in the summary.
  detail           jsonb NOT NULL,
  opened_at        timestamptz NOT NULL,
  closes_at        timestamptz NOT NULL,
  -- Every refusal in the window, the one written at once included.
  refusals         integer NOT NULL,
  last_refused_at  timestamptz NOT NULL,
  -- The first few distinct source addresses, so a key used from many places shows.
  source_ips       text[] NOT NULL,
  PRIMARY KEY (org_id, action, subject)
);
CREATE INDEX identity_refusal_windows_closes_at ON identity_refusal_windows (closes_at);

-- Refresh rotation with a grace: the digest of the token a
-- rotation issued, so a presentation of the same token within the grace can be
-- answered with that successor (derived again, never stored in plaintext).
ALTER TABLE refresh_tokens ADD COLUMN successor_hash bytea;
