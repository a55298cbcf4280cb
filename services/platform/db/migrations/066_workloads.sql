-- Workloads (spec 2.2, 5.5): non-human principals a person
-- delegates part of their authority to. The credential is shown once and only its
-- SHA-256 digest is kept, as for API keys; nothing reads it back. The delegator is
-- not attribution only (unlike an API key's creator): their role at each request
-- bounds what the workload may do.
CREATE TABLE workloads (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id               uuid NOT NULL REFERENCES organizations (id),
  name                 text NOT NULL,
  credential_hash      bytea NOT NULL UNIQUE,
  start                text NOT NULL,
  delegated_by_user_id uuid NOT NULL REFERENCES users (id),
  -- What the delegator granted; the authority at a request is these ∩ the delegator's role then.
  scopes               text[] NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  revoked_at           timestamptz,
  last_acted_at        timestamptz
);
CREATE INDEX workloads_org ON workloads (org_id, created_at DESC, id DESC);

-- What a workload does is recorded as a machine actor (spec 2.2): every user-id
-- column NULL and the workload in a column of its own, beside the API key's.
-- Adding a column fires no row trigger, so the append-only tables stay so.
ALTER TABLE identity_audit_events ADD COLUMN actor_workload_id uuid REFERENCES workloads (id);
ALTER TABLE identity_audit_events DROP CONSTRAINT identity_audit_events_one_actor;
ALTER TABLE identity_audit_events ADD CONSTRAINT identity_audit_events_one_actor
  CHECK (num_nonnulls(actor_user_id, actor_api_key_id, actor_workload_id) <= 1);
ALTER TABLE identity_audit_events DROP CONSTRAINT identity_audit_events_system_acts_alone;
ALTER TABLE identity_audit_events ADD CONSTRAINT identity_audit_events_system_acts_alone
  CHECK (NOT actor_system OR num_nonnulls(actor_user_id, actor_api_key_id, actor_workload_id) = 0);

ALTER TABLE identity_refusal_windows ADD COLUMN actor_workload_id uuid REFERENCES workloads (id);

ALTER TABLE scans ADD COLUMN requested_by_workload_id uuid REFERENCES workloads (id);
ALTER TABLE scans ADD CONSTRAINT scans_one_requester
  CHECK (num_nonnulls(requested_by, requested_by_api_key_id, requested_by_workload_id) <= 1);

ALTER TABLE verdicts ADD COLUMN requested_by_workload_id uuid REFERENCES workloads (id);
ALTER TABLE verdicts ADD CONSTRAINT verdicts_one_requester
  CHECK (num_nonnulls(requested_by, requested_by_api_key_id, requested_by_workload_id) <= 1);

-- actor_kind 'workload' was allowed from the start; now it names its workload.
ALTER TABLE finding_events ADD COLUMN actor_workload_id uuid REFERENCES workloads (id);
ALTER TABLE finding_events ADD CONSTRAINT finding_events_workload_actor
  CHECK ((actor_kind = 'workload') = (actor_workload_id IS NOT NULL));
