// Test support for the SBOM readers: a fixture document read, and the refusal a document meets.
import type { ParsedReport } from '../observation.js';
import { parseReport } from '../reports/index.js';
import { readSbomFixture } from './report-fixtures.js';
import { ReportFormatError } from '../reports/report-reader.js';
import type { DeclaredInventory, SbomFormat } from '../reports/sbom-document.js';

/** A fixture of test/fixtures/sboms/<format>/, parsed as the import parses it. */
export const readSbom = (format: SbomFormat, name: string): ParsedReport => parseReport(format, readSbomFixture(`${format}/${name}`));

/** What the document declares; a report without it fails the test. */
export function declaredOf(report: ParsedReport): DeclaredInventory {
  if (report.sbom === undefined) throw new Error('the report carries no SBOM');
  return report.sbom;
}

/** The message a document is refused with; a document that is read, or another error, fails the test. */
export function refusalOf(format: SbomFormat, document: unknown): string {
  try {
    parseReport(format, document);
  } catch (error) {
    if (error instanceof ReportFormatError) return error.message;
    throw error;
  }
  throw new Error('the document was read');
}
