-- VEX in and out: the statements a VEX document made about findings,
-- and where a timeline entry came from when a document, not a request, decided it.

-- The document behind a timeline entry (a VEX import): {"kind": "vex", "format",
-- "document_id", "author", "timestamp", "vex_status"}; NULL for every other entry.
ALTER TABLE finding_events ADD COLUMN source jsonb;

-- vex_statement: a VEX statement recorded about a finding whose status it does not
-- change (affected, fixed, or a new text for a decision already in force);
-- from_status = to_status. NOT VALID as in migration 072: rows written before
-- cannot break it.
ALTER TABLE finding_events DROP CONSTRAINT finding_events_type_check;
ALTER TABLE finding_events ADD CONSTRAINT finding_events_type_check
  CHECK (type IN ('created', 'status_changed', 'severity_changed', 'vex_statement')) NOT VALID;
ALTER TABLE finding_events ADD CONSTRAINT finding_events_vex_statement
  CHECK (type <> 'vex_statement' OR (from_status = to_status AND source IS NOT NULL)) NOT VALID;

-- The organization's current VEX statement per finding: the last one an import
-- recorded, replaced by the next. status is OpenVEX's vocabulary; state is the
-- status word as the document wrote it (CycloneDX's analysis.state, or the OpenVEX
-- status), kept so an export in the document's own format says what it said.
-- justification is the label as written, in either format's vocabulary.
CREATE TABLE vex_statements (
  org_id             uuid NOT NULL,
  finding_id         uuid NOT NULL,
  -- The finding's asset (which never changes): an export reads an asset's statements by it.
  asset_id           uuid NOT NULL,
  status             text NOT NULL CHECK (status IN ('not_affected', 'affected', 'fixed', 'under_investigation')),
  state              text NOT NULL,
  justification      text,
  impact_statement   text,
  action_statement   text,
  status_notes       text,
  responses          text[] NOT NULL DEFAULT '{}',
  statement_time     timestamptz,
  document_format    text NOT NULL CHECK (document_format IN ('openvex', 'cyclonedx')),
  document_id        text NOT NULL,
  document_author    text,
  document_timestamp timestamptz,
  recorded_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (org_id, finding_id),
  FOREIGN KEY (org_id, finding_id) REFERENCES findings (org_id, id) ON DELETE CASCADE
);
CREATE INDEX vex_statements_asset ON vex_statements (org_id, asset_id);
