-- Remediation SLA per severity: the days a finding of that severity may
-- stay open before the finding-age view counts it past its SLA. One row per
-- severity once the organization sets them (PUT /settings/remediation-sla writes
-- all six); no rows means the defaults in services/analytics/remediation-sla.ts.
-- days NULL: no SLA for that severity.
CREATE TABLE remediation_sla (
  org_id     uuid NOT NULL REFERENCES organizations (id),
  severity   text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low', 'none', 'unknown')),
  days       integer CHECK (days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, severity)
);

