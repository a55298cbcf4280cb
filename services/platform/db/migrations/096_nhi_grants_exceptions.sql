-- NHI governance, access grants and policy exceptions. A
-- person asks; approvers decide (services/nhi/governance/authority.ts). Both are in
-- force while approved and inside their period, evaluated when read: nothing here
-- changes when the end passes (spec 3.2).
--
-- Separation of duties (spec 3.3), the third of three layers: the requester is never
-- among the approvers, whatever wrote the row (the domain check and the conditional
-- UPDATE of each decision are the first two).

-- An identity of the inventory granted actions on resources for a period.
CREATE TABLE nhi_access_grants (
  org_id               uuid NOT NULL,
  id                   uuid NOT NULL,
  identity_id          uuid NOT NULL,
  requested_by_user_id uuid NOT NULL,
  actions              text[] NOT NULL CHECK (cardinality(actions) BETWEEN 1 AND 20),
  -- Patterns; `*` matches any run of characters.
  resources            text[] NOT NULL CHECK (cardinality(resources) BETWEEN 1 AND 20),
  justification        text NOT NULL CHECK (length(justification) BETWEEN 1 AND 2000),
  starts_at            timestamptz NOT NULL,
  ends_at              timestamptz NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')),
  -- The distinct people who approved, in order; approved once their number reaches NHI_APPROVALS_REQUIRED.
  approvals            uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(approvals) <= 5),
  requested_at         timestamptz NOT NULL,
  -- The decision that ended pending (the last approval, the rejection, the withdrawal) and the revocation.
  decided_at           timestamptz,
  decided_by_user_id   uuid,
  decision_reason      text CHECK (length(decision_reason) BETWEEN 1 AND 2000),
  revoked_at           timestamptz,
  revoked_by_user_id   uuid,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE,
  CONSTRAINT nhi_access_grants_no_self_approval CHECK (NOT (requested_by_user_id = ANY (approvals))),
  -- At most 90 days (docs/decisions/nhi-governance.md), counted in hours: a day added in a time zone with summer time is not always 24 hours.
  CHECK (ends_at > starts_at AND ends_at <= starts_at + interval '2160 hours'),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((decided_at IS NULL) = (decided_by_user_id IS NULL)),
  CHECK ((status = 'revoked') = (revoked_at IS NOT NULL)),
  CHECK ((revoked_at IS NULL) = (revoked_by_user_id IS NULL))
);
-- The listing: newest request first; and what is granted to an identity.
CREATE INDEX nhi_access_grants_listing ON nhi_access_grants (org_id, requested_at DESC, id DESC);
CREATE INDEX nhi_access_grants_identity ON nhi_access_grants (org_id, identity_id, ends_at);

-- An identity exempted from one module policy until ends_at, from its approval.
CREATE TABLE nhi_policy_exceptions (
  org_id               uuid NOT NULL,
  id                   uuid NOT NULL,
  identity_id          uuid NOT NULL,
  -- A policy of the catalogue (services/nhi/policies/catalogue.ts), checked by the application.
  policy               text NOT NULL CHECK (length(policy) BETWEEN 1 AND 100),
  requested_by_user_id uuid NOT NULL,
  reason               text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
  ends_at              timestamptz NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')),
  approvals            uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality(approvals) <= 5),
  requested_at         timestamptz NOT NULL,
  decided_at           timestamptz,
  decided_by_user_id   uuid,
  decision_reason      text CHECK (length(decision_reason) BETWEEN 1 AND 2000),
  revoked_at           timestamptz,
  revoked_by_user_id   uuid,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE,
  CONSTRAINT nhi_policy_exceptions_no_self_approval CHECK (NOT (requested_by_user_id = ANY (approvals))),
  -- At most 365 days from the request, in hours as above.
  CHECK (ends_at > requested_at AND ends_at <= requested_at + interval '8760 hours'),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((decided_at IS NULL) = (decided_by_user_id IS NULL)),
  CHECK ((status = 'revoked') = (revoked_at IS NOT NULL)),
  CHECK ((revoked_at IS NULL) = (revoked_by_user_id IS NULL))
);
CREATE INDEX nhi_policy_exceptions_listing ON nhi_policy_exceptions (org_id, requested_at DESC, id DESC);
CREATE INDEX nhi_policy_exceptions_identity ON nhi_policy_exceptions (org_id, identity_id, policy, ends_at);
