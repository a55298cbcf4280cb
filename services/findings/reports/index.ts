// Entry point of the report parsers: one format name in, normalized observations
// and licences out. A malformed report throws ReportFormatError and nothing else.
import { replaceUnstorableText } from '../../platform/storable-text.js';
import type { ParsedReport } from '../observation.js';
import { parseCycloneDxReport } from './cyclonedx.js';
import { parseGrypeReport } from './grype.js';
import { ReportFormatError, type ReportFormat } from './report-reader.js';
import { parseSarifReport } from './sarif.js';
import { parseSpdxReport } from './spdx.js';
import { parseTrivyReport } from './trivy.js';

export { dedupeObservations } from '../fingerprint.js';
export { ReportFormatError, type ReportFormat } from './report-reader.js';
export { readReportOffThread, type ReadReport } from './report-reading-pool.js';
export { parseTrivyReport };
export { SBOM_LIMITS, type DeclaredComponent, type DeclaredInventory, type DeclaredVulnerability, type SbomFormat } from './sbom-document.js';

const parsers: Record<ReportFormat, (json: unknown) => ParsedReport> = {
  trivy: parseTrivyReport,
  grype: parseGrypeReport,
  sarif: parseSarifReport,
  cyclonedx: parseCycloneDxReport,
  spdx: parseSpdxReport,
};

// SBOM documents come as JSON or as text of their own (CycloneDX XML, SPDX tag-value): their readers take the text.
const readsText = new Set<ReportFormat>(['cyclonedx', 'spdx']);

/** Parses a report given as a JSON document or as its text. */
export function parseReport(format: ReportFormat, json: unknown): ParsedReport {
  return parsers[format](typeof json === 'string' && !readsText.has(format) ? parseJsonText(format, json) : json);
}

function parseJsonText(format: ReportFormat, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8 quotes the text it choked on, which may be the NUL itself.
    const problem = replaceUnstorableText(error instanceof Error ? error.message : String(error)).text;
    throw new ReportFormatError(format, '(document)', `is not valid JSON: ${problem}`);
  }
}
