-- A frozen summary grouped by the facets a rule tests without a list of values, written
-- when the summary freezes: a verdict reads a few hundred groups instead of every finding
-- of the scan (grouping ten thousand rows per request was most of a verdict's database
-- time). The findings a policy lists by advisory, alias or component are looked up on
-- their own, through the indexes and the alias table below.
CREATE TABLE scan_summary_groups (
  org_id              uuid NOT NULL REFERENCES organizations (id),
  scan_id             uuid NOT NULL REFERENCES scan_summaries (scan_id) ON DELETE CASCADE,
  status              text NOT NULL,
  kind                text NOT NULL,
  severity            text NOT NULL,
  fixability          text NOT NULL,
  cvss_score          double precision,
  first_seen_age_days integer,
  findings            integer NOT NULL CHECK (findings > 0)
);
CREATE INDEX scan_summary_groups_scan ON scan_summary_groups (org_id, scan_id);

-- Each alias of a frozen summary's findings (lower-cased, as in scan_summary_findings).
CREATE TABLE scan_summary_aliases (
  org_id      uuid NOT NULL REFERENCES organizations (id),
  scan_id     uuid NOT NULL REFERENCES scan_summaries (scan_id) ON DELETE CASCADE,
  alias       text NOT NULL,
  fingerprint text NOT NULL,
  PRIMARY KEY (org_id, scan_id, alias, fingerprint)
);

CREATE INDEX scan_summary_findings_identifier ON scan_summary_findings (org_id, scan_id, identifier);
CREATE INDEX scan_summary_findings_component ON scan_summary_findings (org_id, scan_id, component_name);

-- Summaries frozen before this migration.
INSERT INTO scan_summary_groups (org_id, scan_id, status, kind, severity, fixability, cvss_score, first_seen_age_days, findings)
SELECT sf.org_id, sf.scan_id, coalesce(sf.status, 'open'), sf.kind, sf.severity, sf.fixability, sf.cvss_score, sf.first_seen_age_days, count(*)
  FROM scan_summary_findings sf JOIN scan_summaries s ON s.org_id = sf.org_id AND s.scan_id = sf.scan_id
 WHERE s.frozen_at IS NOT NULL
 GROUP BY sf.org_id, sf.scan_id, coalesce(sf.status, 'open'), sf.kind, sf.severity, sf.fixability, sf.cvss_score, sf.first_seen_age_days;

INSERT INTO scan_summary_aliases (org_id, scan_id, alias, fingerprint)
SELECT DISTINCT sf.org_id, sf.scan_id, a.alias, sf.fingerprint
  FROM scan_summary_findings sf JOIN scan_summaries s ON s.org_id = sf.org_id AND s.scan_id = sf.scan_id, unnest(sf.aliases) AS a (alias)
 WHERE s.frozen_at IS NOT NULL;
