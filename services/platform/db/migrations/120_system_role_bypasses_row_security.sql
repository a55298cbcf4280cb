-- The service logs in as a role of its own, neither the schema's owner nor a superuser
-- (DATABASE_URL; migrations use DATABASE_OWNER_URL), and never runs a statement as that
-- role itself: tenant work runs as sentinel_tenant under the tenant policy (migration 118),
-- and a listed system operation, or work outside any scope, as sentinel_system, which
-- bypasses row-level security. Bypassing it, rather than holding a policy of `true`, keeps
-- the planner's use of the findings search's trigram indexes (migration 119 says why).
-- Only a superuser may give a role BYPASSRLS: migrating as one does it here; otherwise the
-- operator runs `ALTER ROLE sentinel_system BYPASSRLS` once, and the service refuses to
-- start until then (services/platform/db/database-roles.ts).
GRANT USAGE ON SCHEMA public TO sentinel_system;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sentinel_system;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO sentinel_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sentinel_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO sentinel_system;

DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER ROLE sentinel_system BYPASSRLS;
  END IF;
END
$$;

-- ANALYZE is the owner's: the advisory sync refreshes its tables' statistics after a large
-- change (advisory-store.ts) through this function, which runs with its owner's rights.
CREATE FUNCTION analyze_advisories() RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ BEGIN ANALYZE advisories, advisory_packages; END $$;
REVOKE ALL ON FUNCTION analyze_advisories() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION analyze_advisories() TO sentinel_system;
