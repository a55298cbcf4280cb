// Test support: the real scanner reports in test/fixtures/reports (sources, licences
// and what each exercises are in its README).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const reportsDirectory = path.join(repoRoot, 'test/fixtures/reports');

/** A fixture report, parsed; `name` is relative to test/fixtures/reports, e.g. trivy/alpine-310.json. */
export function readReportFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(reportsDirectory, name), 'utf8'));
}

/** A fixture SBOM's text; `name` is relative to test/fixtures/sboms, e.g. spdx/SPDXTagExample-v2.3.spdx. */
export function readSbomFixture(name: string): string {
  return readFileSync(path.join(repoRoot, 'test/fixtures/sboms', name), 'utf8');
}
