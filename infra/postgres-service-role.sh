#!/usr/bin/env bash
# Run once by the postgres image on an empty data directory (docker-entrypoint-initdb.d):
# the login role the service connects as (DATABASE_URL), neither the schema's owner nor a
# superuser. The service's first start, as the owner (DATABASE_OWNER_URL), migrates and
# makes it a member of sentinel_tenant and sentinel_system (services/platform/db/database-roles.ts).
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$POSTGRES_SERVICE_PASSWORD" <<'SQL'
CREATE ROLE sentinel_service LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'password';
SQL
