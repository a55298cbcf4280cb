-- What reading a scan's reports changed or left out: fields whose
-- NUL characters or unpaired surrogates were replaced with U+FFFD, entries a parser
-- skips on purpose (Trivy's not_affected), values not stored. Written with the scan's
-- results, at import or when the scan worker records them; GET /scans/{id} lists
-- them. A JSON array of { code, message, where, count }, at most 101 entries per
-- scanner (services/findings/reports/report-collector.ts).
ALTER TABLE scans ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]'::jsonb;
