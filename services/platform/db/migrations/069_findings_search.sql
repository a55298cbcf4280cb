-- q of GET /findings matches an advisory identifier (case-insensitive prefix) or any
-- part of a package name (spec 4.2). Without an index a q that matches little or
-- nothing read every finding of the organization: 1 to 2 seconds at a million.
-- Trigram indexes answer both the prefix LIKE and the substring ILIKE; the planner
-- still walks an order's index instead when q matches much of the organization.
-- pg_trgm is a trusted extension: a database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX findings_identifier_search ON findings USING gin (upper(identifier) gin_trgm_ops);
CREATE INDEX findings_component_search ON findings USING gin (component_name gin_trgm_ops);
-- The planner knows nothing of upper(identifier) until the table is analyzed again,
-- which autovacuum may not do for a long time on a large table.
ANALYZE findings;
