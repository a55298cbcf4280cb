-- NHI governance, delegation of authority (spec 3.2): a person hands
-- their governance authority (approving, reviewing) to another for a period. In force
-- from starts_at until ends_at or its revocation, evaluated when read: nothing here
-- changes when the end passes (spec 3.2). The delegator's own authority is checked
-- again whenever the delegation is used (services/nhi/delegation/authority.ts).
CREATE TABLE nhi_delegations (
  org_id             uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id                 uuid NOT NULL,
  delegator_user_id  uuid NOT NULL,
  delegate_user_id   uuid NOT NULL,
  -- What is handed over: approving (grants, remediations, exceptions), reviewing (campaign items).
  authority          text[] NOT NULL CHECK (cardinality(authority) BETWEEN 1 AND 2 AND authority <@ ARRAY['approving', 'reviewing']::text[]),
  reason             text CHECK (length(reason) BETWEEN 1 AND 2000),
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL,
  created_at         timestamptz NOT NULL,
  revoked_at         timestamptz,
  revoked_by_user_id uuid,
  PRIMARY KEY (org_id, id),
  CHECK (delegator_user_id <> delegate_user_id),
  CHECK (ends_at > starts_at),
  CHECK ((revoked_at IS NULL) = (revoked_by_user_id IS NULL))
);
-- Who may act for whom now: the delegate's delegations, by end.
CREATE INDEX nhi_delegations_delegate ON nhi_delegations (org_id, delegate_user_id, ends_at);
CREATE INDEX nhi_delegations_delegator ON nhi_delegations (org_id, delegator_user_id, ends_at);
