-- Verified domains: what the verification and the periodic
-- re-verification of a claimed domain remember. A verified domain is checked again
-- when reverify_at comes (daily, sooner after a failure; without one, at once), and
-- lapses back to pending once its record has been missing through every check for
-- the grace period.
ALTER TABLE identity_domains ADD COLUMN reverify_at timestamptz;
ALTER TABLE identity_domains ADD COLUMN last_checked_at timestamptz;
ALTER TABLE identity_domains ADD COLUMN last_check_error text;
ALTER TABLE identity_domains ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0);
ALTER TABLE identity_domains ADD COLUMN first_failed_at timestamptz;
ALTER TABLE identity_domains ADD COLUMN verification_lapsed_at timestamptz;
CREATE INDEX identity_domains_reverify_due ON identity_domains (reverify_at) WHERE verified_at IS NOT NULL;
CREATE INDEX identity_domains_org ON identity_domains (org_id, created_at, id);
