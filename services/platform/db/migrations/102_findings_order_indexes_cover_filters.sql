-- GET /findings walks an order's index and tests each entry against the filters until a
-- page is full. A q matching a few percent of an organization (a package family, say)
-- tests thousands of entries per page, and each test read the finding's row from the
-- table: 1,800 rows and 1,765 pages for one 50-finding page at a million findings, and
-- these pages were the listing benchmark's slowest answers. With every filtered column
-- carried in the order's indexes, the walk tests the index entries alone (an index-only
-- scan: 1.3 ms instead of 3.4 ms for that page) and only the page's own rows are read.
-- The columns carried never change once a finding exists, except status, which a
-- partial index already names, so no update that was HOT before stops being HOT.
DROP INDEX findings_org_severity;
CREATE INDEX findings_org_severity ON findings (org_id, severity_rank, last_seen_at DESC, id DESC)
  INCLUDE (identifier, component_name, status, kind, asset_id);
DROP INDEX findings_org_recent;
CREATE INDEX findings_org_recent ON findings (org_id, created_at DESC, id DESC)
  INCLUDE (severity_rank, identifier, component_name, status, kind, asset_id);
