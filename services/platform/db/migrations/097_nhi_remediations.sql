-- NHI governance, remediation (spec 3.3): a person asks for an
-- action on an identity of the inventory (disable an access key, delete a service
-- account's token, revoke a tool's approval, or something a person carries out);
-- approvers decide; an approved remediation is carried out after the approval
-- committed, by the workers role, through the connector that found the identity
-- (services/nhi/remediation).
CREATE TABLE nhi_remediations (
  org_id                 uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  id                     uuid NOT NULL,
  identity_id            uuid NOT NULL,
  -- An action of the catalogue (services/nhi/remediation/catalogue.ts), checked by the application.
  action                 text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_]{0,63}$'),
  reason                 text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
  -- Resolved and planned, never carried out: the plan is recorded, the provider is not changed.
  dry_run                boolean NOT NULL,
  status                 text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'executing', 'executed', 'failed', 'manual_required')),
  requested_by_user_id   uuid NOT NULL,
  requested_at           timestamptz NOT NULL,
  -- A certification campaign's revoke decision that opened it.
  campaign_id            uuid,
  campaign_item_id       uuid,
  -- Each distinct approver, in order; approved when their count reaches NHI_APPROVALS_REQUIRED.
  approvals              uuid[] NOT NULL DEFAULT '{}',
  approved_at            timestamptz,
  rejected_by_user_id    uuid,
  rejected_at            timestamptz,
  rejection_reason       text CHECK (length(rejection_reason) BETWEEN 1 AND 2000),
  cancelled_at           timestamptz,
  execution_started_at   timestamptz,
  finished_at            timestamptz,
  -- What the executor calls (or would call, in a dry run): [{method, operation, target}].
  plan                   jsonb CHECK (plan IS NULL OR jsonb_typeof(plan) = 'array'),
  result                 jsonb CHECK (result IS NULL OR jsonb_typeof(result) = 'object'),
  failure_code           text CHECK (length(failure_code) BETWEEN 1 AND 100),
  failure_message        text CHECK (length(failure_message) BETWEEN 1 AND 2000),
  -- A manual remediation is marked done by an Organization Admin or the requester.
  completed_by_user_id   uuid,
  completion_note        text CHECK (length(completion_note) BETWEEN 1 AND 2000),
  updated_at             timestamptz NOT NULL,
  PRIMARY KEY (org_id, id),
  FOREIGN KEY (org_id, identity_id) REFERENCES nhi_identities (org_id, id) ON DELETE CASCADE,
  -- Separation of duties, the third layer (spec 3.3): the requester is never among the approvers, nor the rejecter.
  CONSTRAINT nhi_remediations_requester_not_approver CHECK (NOT (requested_by_user_id = ANY (approvals))),
  CONSTRAINT nhi_remediations_requester_not_rejecter CHECK (rejected_by_user_id IS DISTINCT FROM requested_by_user_id),
  CHECK ((campaign_id IS NULL) = (campaign_item_id IS NULL)),
  CHECK ((status = 'rejected') = (rejected_at IS NOT NULL AND rejected_by_user_id IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK (status IN ('pending', 'rejected', 'cancelled') OR approved_at IS NOT NULL),
  CHECK ((status = 'failed') = (failure_code IS NOT NULL))
);
-- The listing: newest first by request.
CREATE INDEX nhi_remediations_listing ON nhi_remediations (org_id, requested_at DESC, id DESC);
-- What is asked or done about an identity (the runtime decisions read it).
CREATE INDEX nhi_remediations_identity ON nhi_remediations (org_id, identity_id);
