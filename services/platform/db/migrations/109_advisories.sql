-- Advisory data the built-in scanner matches against: OSV records
-- per base ecosystem, as the synchronization loads them from the configured source.
-- Not tenant data: every organization's scans match against the same public records,
-- so no table here has an org_id (docs/decisions/advisories.md, "Advisory data kept by the service").

-- One row per record and per ecosystem directory it was exported under (a record naming
-- packages of two ecosystems is in both directories, and each directory's
-- synchronization keeps its own copy). modified orders versions of one record: an
-- older copy never replaces a newer one.
CREATE TABLE advisories (
  ecosystem  text NOT NULL,
  id         text NOT NULL,
  modified   timestamptz NOT NULL,
  withdrawn  timestamptz,
  record     jsonb NOT NULL,
  PRIMARY KEY (ecosystem, id)
);

-- The matcher's lookup: the records naming a package, by base ecosystem and the name as
-- normalizePackageName keys it (services/advisories/package-names.ts).
CREATE TABLE advisory_packages (
  ecosystem   text NOT NULL,
  name        text NOT NULL,
  advisory_id text NOT NULL,
  PRIMARY KEY (ecosystem, name, advisory_id),
  FOREIGN KEY (ecosystem, advisory_id) REFERENCES advisories (ecosystem, id) ON DELETE CASCADE
);
CREATE INDEX advisory_packages_of_advisory ON advisory_packages (ecosystem, advisory_id);

-- Per ecosystem: where its records came from, how many there are, the newest modified
-- time seen (modified_cursor orders it to the nanosecond, as OSV's modified_id.csv spells
-- it), the last success and failure, and where an unfinished full load resumes.
CREATE TABLE advisory_sync_status (
  ecosystem        text PRIMARY KEY,
  source           text NOT NULL,
  record_count     integer NOT NULL DEFAULT 0,
  newest_modified  timestamptz,
  modified_cursor  text,
  last_attempt_at  timestamptz,
  last_success_at  timestamptz,
  last_error       text,
  last_error_at    timestamptz,
  full_load        jsonb
);

-- One synchronization at a time across worker processes and the command line: the
-- holder renews the lease as its batches commit; an expired lease may be taken over.
CREATE TABLE advisory_sync_lease (
  name       text PRIMARY KEY,
  holder     text NOT NULL,
  expires_at timestamptz NOT NULL
);
