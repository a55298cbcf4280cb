-- Row-level security on every tenant table: the database holds the organization boundary
-- too, not only the code's typed OrgId arguments (docs/decisions/foundation.md, "Row-level
-- security"). Work done for one organization runs as sentinel_tenant with
-- sentinel.org_id set (services/platform/db/tenant-scope.ts) and sees and changes only that
-- organization's rows; with no organization set it sees and changes nothing. A listed
-- system operation that works across organizations inside such work runs as
-- sentinel_system. Neither role owns a table nor is a superuser, so the policies hold for
-- them; the schema owner (the login role, which migrates) is not subject to them.
--
-- Roles belong to the cluster, not the database: another database of the same cluster may
-- have created them already, or be creating them in a concurrent migration.
DO $$
DECLARE
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['sentinel_tenant', 'sentinel_system'] LOOP
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS', role_name);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END LOOP;
END
$$;
-- The login role switches to them (SET ROLE), which needs membership unless it is a superuser.
GRANT sentinel_tenant, sentinel_system TO CURRENT_USER;

GRANT USAGE ON SCHEMA public TO sentinel_tenant, sentinel_system;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO sentinel_tenant, sentinel_system;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO sentinel_tenant, sentinel_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO sentinel_tenant, sentinel_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO sentinel_tenant, sentinel_system;

-- A tenant table is one with an org_id column. Two policies each, by role, rather than one
-- with an OR: the tenant's is then a plain equality the planner merges with the query's own
-- `org_id = $1`, so plans and estimates stay what they were without it.
DO $$
DECLARE
  tenant_table text;
BEGIN
  FOR tenant_table IN
    SELECT c.relname
      FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tenant_table);
    EXECUTE format(
      $policy$CREATE POLICY tenant_rows ON %I TO sentinel_tenant
                USING (org_id = nullif(current_setting('sentinel.org_id', true), '')::uuid)
                WITH CHECK (org_id = nullif(current_setting('sentinel.org_id', true), '')::uuid)$policy$,
      tenant_table);
    EXECUTE format('CREATE POLICY system_rows ON %I TO sentinel_system USING (true) WITH CHECK (true)', tenant_table);
  END LOOP;
END
$$;

-- A view reads its tables with its owner's rights unless it says otherwise.
ALTER VIEW outbox_records SET (security_invoker = true);
