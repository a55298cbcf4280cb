-- The system as an actor of the identity audit trail: what a worker does on its
-- own, with no request behind it (for example disabling a webhook endpoint after
-- repeated failures, spec 6.2). Such rows have no person, no key, no source
-- address, user agent or request id. Adding a column fires no row trigger, so
-- the trail stays append-only.
ALTER TABLE identity_audit_events ADD COLUMN actor_system boolean NOT NULL DEFAULT false;
ALTER TABLE identity_audit_events ADD CONSTRAINT identity_audit_events_system_acts_alone
  CHECK (NOT actor_system OR (actor_user_id IS NULL AND actor_api_key_id IS NULL));
