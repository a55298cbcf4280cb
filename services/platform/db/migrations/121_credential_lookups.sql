-- The guard's credential lookups, as functions that run with their owner's (the schema
-- owner's) rights: a presented session, API key, workload credential or directory token is
-- found by its id or digest before anyone knows its organization, so row-level security
-- would hide it from sentinel_tenant. As functions, the lookups run on a tenant connection
-- whatever organization it was last set to, and a request's statements all go through one
-- pool (services/platform/db/tenant-scope.ts, the authentication scope; docs/benchmarks.md,
-- "Row-level security, before and after"). Each reads one credential by what the caller
-- presented, and nothing else; PL/pgSQL, so each connection plans its query once.

CREATE FUNCTION authenticate_api_key(presented_digest bytea)
  RETURNS TABLE (id uuid, org_id uuid, scopes text[], revoked boolean, expired boolean, last_use_stale boolean, deletion_scheduled boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT k.id, k.org_id, k.scopes,
           k.revoked_at IS NOT NULL,
           k.expires_at <= now(),
           (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute'),
           o.deletes_at IS NOT NULL
      FROM api_keys k JOIN organizations o ON o.id = k.org_id
     WHERE k.key_hash = presented_digest;
END
$$;

CREATE FUNCTION authenticate_workload(presented_digest bytea)
  RETURNS TABLE (id uuid, org_id uuid, delegated_by_user_id uuid, scopes text[], revoked boolean, expired boolean, last_act_stale boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT w.id, w.org_id, w.delegated_by_user_id, w.scopes,
           w.revoked_at IS NOT NULL,
           w.expires_at <= now(),
           (w.last_acted_at IS NULL OR w.last_acted_at < now() - interval '1 minute')
      FROM workloads w
     WHERE w.credential_hash = presented_digest;
END
$$;

CREATE FUNCTION authenticate_directory_token(presented_digest bytea)
  RETURNS TABLE (id uuid, org_id uuid, revoked boolean, last_use_stale boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT t.id, t.org_id, t.revoked_at IS NOT NULL,
           (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute')
      FROM directory_tokens t
     WHERE t.token_hash = presented_digest;
END
$$;

-- The account's state too: a sign-in that read the account just before its retirement
-- committed may still have started a session.
CREATE FUNCTION authenticate_session(session_id uuid, user_id uuid)
  RETURNS TABLE (live boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT EXISTS (
      SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = authenticate_session.session_id AND s.user_id = authenticate_session.user_id
         AND s.ended_at IS NULL AND u.retired_at IS NULL);
END
$$;

-- Where a signed-in person acts (services/organizations/memberships.ts says how it is chosen).
CREATE FUNCTION authenticate_acting_membership(user_id uuid)
  RETURNS TABLE (org_id uuid, role text, deletion_scheduled boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  RETURN QUERY
    SELECT m.org_id, m.role, o.deletes_at IS NOT NULL
      FROM memberships m
      JOIN organizations o ON o.id = m.org_id
      JOIN users u ON u.id = m.user_id
     WHERE m.user_id = authenticate_acting_membership.user_id
     ORDER BY (m.org_id IS NOT DISTINCT FROM u.active_org_id) DESC, m.created_at, (o.personal_for_user_id = m.user_id) IS TRUE, o.id
     LIMIT 1;
END
$$;

DO $$
DECLARE
  lookup text;
BEGIN
  FOREACH lookup IN ARRAY ARRAY['authenticate_api_key(bytea)', 'authenticate_workload(bytea)', 'authenticate_directory_token(bytea)',
                                'authenticate_session(uuid, uuid)', 'authenticate_acting_membership(uuid)'] LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', lookup);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO sentinel_tenant, sentinel_system', lookup);
  END LOOP;
END
$$;
