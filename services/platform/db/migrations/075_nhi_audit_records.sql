-- The non-human identity module's tamper-evident audit trail (spec 2.11, 6.2):
-- one hash chain per organization, written by services/nhi/audit.
--
-- The BEFORE INSERT trigger stamps every row: under a per-organization advisory
-- lock it reads the organization's last record, numbers the new one after it
-- (sequence), links it (previous_digest = that record's digest, NULL for the
-- first) and digests it. Whatever a caller passes for sequence, occurred_at,
-- previous_digest or digest is overwritten. Every UPDATE, DELETE and TRUNCATE is
-- refused: the stamping is the one write of the digests, made before the row
-- exists, so no row is ever visible unstamped (docs/decisions/nhi.md, "The audit trail").
--
-- The canonical bytes are the UTF-8 of
--   jsonb_build_array(org_id, id, actor_kind, actor_id, action, subject, result,
--                     occurred_at, source_address, correlation_id, detail, previous_digest)::text
-- with ids as text and occurred_at as UTC ISO text with microseconds
-- (2026-11-24T09:45:42.123456Z). docs/audit-evidence.md defines the same form for
-- the offline verifier (services/nhi/audit/canonical.ts reproduces it).
--
-- No foreign key to a person: an actor may be a person, the platform
-- administrator, the system or nobody. The trail outlives its organization's
-- deletion (the organization row stays as a tombstone), like the identity trail.
CREATE TABLE nhi_audit_records (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  org_id          uuid NOT NULL REFERENCES organizations (id),
  -- The position in the organization's chain: 1, 2, 3... (set by the trigger).
  sequence        bigint NOT NULL,
  actor_kind      text NOT NULL CHECK (actor_kind IN ('person', 'anonymous', 'platform_admin', 'system')),
  actor_id        text,
  action          text NOT NULL,
  subject         text,
  result          text NOT NULL CHECK (result IN ('success', 'failure')),
  occurred_at     timestamptz NOT NULL,
  source_address  text,
  correlation_id  text,
  detail          jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(detail) = 'object'),
  previous_digest text CHECK (previous_digest ~ '^[0-9a-f]{64}$'),
  digest          text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  CONSTRAINT nhi_audit_records_position UNIQUE (org_id, sequence)
);

-- The canonical text of a record (see the header); the trigger digests it and the
-- integrity walk recomputes it.
CREATE FUNCTION nhi_audit_canonical_text(
  org_id uuid, id uuid, actor_kind text, actor_id text, action text, subject text, result text,
  occurred_at timestamptz, source_address text, correlation_id text, detail jsonb, previous_digest text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    org_id::text, id::text, actor_kind, actor_id, action, subject, result,
    to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    source_address, correlation_id, detail, previous_digest
  )::text
$$;

CREATE FUNCTION nhi_audit_digest(canonical text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(canonical, 'UTF8')), 'hex')
$$;

CREATE FUNCTION nhi_audit_records_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_sequence bigint;
  last_digest   text;
BEGIN
  -- One writer per organization at a time, until its transaction ends: the next
  -- writer's read below (a fresh snapshot, this function being volatile) then sees
  -- the record this one added, so the chain stays linear under concurrency.
  -- 75 namespaces the lock; organizations whose ids hash alike only wait for each other.
  PERFORM pg_advisory_xact_lock(75, hashtext(NEW.org_id::text));
  SELECT r.sequence, r.digest INTO last_sequence, last_digest
    FROM nhi_audit_records r WHERE r.org_id = NEW.org_id ORDER BY r.sequence DESC LIMIT 1;
  NEW.id := coalesce(NEW.id, gen_random_uuid());
  NEW.sequence := coalesce(last_sequence, 0) + 1;
  -- Taken under the lock, so times follow the chain's order.
  NEW.occurred_at := clock_timestamp();
  NEW.previous_digest := last_digest;
  NEW.digest := nhi_audit_digest(nhi_audit_canonical_text(
    NEW.org_id, NEW.id, NEW.actor_kind, NEW.actor_id, NEW.action, NEW.subject, NEW.result,
    NEW.occurred_at, NEW.source_address, NEW.correlation_id, NEW.detail, NEW.previous_digest));
  RETURN NEW;
END;
$$;

CREATE TRIGGER nhi_audit_records_stamp
  BEFORE INSERT ON nhi_audit_records
  FOR EACH ROW EXECUTE FUNCTION nhi_audit_records_stamp();

CREATE FUNCTION nhi_audit_records_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'nhi_audit_records is append-only: % refused', TG_OP;
END;
$$;
CREATE TRIGGER nhi_audit_records_no_update_or_delete
  BEFORE UPDATE OR DELETE ON nhi_audit_records
  FOR EACH ROW EXECUTE FUNCTION nhi_audit_records_refuse_change();
CREATE TRIGGER nhi_audit_records_no_truncate
  BEFORE TRUNCATE ON nhi_audit_records
  FOR EACH STATEMENT EXECUTE FUNCTION nhi_audit_records_refuse_change();
