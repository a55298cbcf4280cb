// Test support: the real scanner reports in ../shared/fixtures (see its README).
// They are read in place, never copied into this repository.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const reportsDirectory = path.resolve(repoRoot, '../shared/fixtures/reports');

/** A fixture report, parsed; `name` is relative to reports/, e.g. trivy/alpine-310.json. */
export function readReportFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(reportsDirectory, name), 'utf8'));
}
