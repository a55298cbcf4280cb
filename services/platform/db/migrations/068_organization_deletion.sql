-- Organization deletion. An owner schedules it; during the grace
-- period the organization is read-only and any owner can cancel; afterwards the
-- workers role deletes the tenant's data in short batches
-- (services/organizations/deletion.ts) and keeps the row itself as a tombstone with
-- its deletion time, so the identity trail that survives still names its organization.
ALTER TABLE organizations
  ADD COLUMN deletion_scheduled_at timestamptz,
  ADD COLUMN deletion_scheduled_by uuid REFERENCES users (id),
  ADD COLUMN deletes_at            timestamptz,
  -- Set by the first deletion pass: from then on cancelling is refused.
  ADD COLUMN deletion_started_at   timestamptz,
  ADD COLUMN deleted_at            timestamptz,
  ADD CONSTRAINT organizations_deletion_schedule CHECK (
    (deletion_scheduled_at IS NULL) = (deletes_at IS NULL)
    AND (deletion_scheduled_at IS NULL) = (deletion_scheduled_by IS NULL)
    AND (deletion_started_at IS NULL OR deletes_at IS NOT NULL)
    AND (deleted_at IS NULL OR deletion_started_at IS NOT NULL)
  ),
  -- A personal organization is its person's for as long as the account exists.
  ADD CONSTRAINT organizations_personal_never_deleted CHECK (personal_for_user_id IS NULL OR deletes_at IS NULL);

-- The deletion sweep's lookup: organizations whose grace has run out and that are not gone yet.
CREATE INDEX organizations_deletion_due ON organizations (deletes_at) WHERE deletes_at IS NOT NULL AND deleted_at IS NULL;

-- The sweep picks each table's rows of one organization in batches; these tables had
-- no index leading with org_id (each is written once per scan, job or sign-in, so the
-- index costs little). outbox_events gets none: it is the ingest's hottest insert, and
-- an organization's published rows there are pruned after 7 days anyway.
CREATE INDEX jobs_org ON jobs (org_id);
CREATE INDEX scan_summaries_org ON scan_summaries (org_id);
CREATE INDEX asset_schedules_org ON asset_schedules (org_id);
CREATE INDEX sign_in_codes_org ON sign_in_codes (org_id);
