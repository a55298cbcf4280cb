// Executables that stand in for a scanner binary in tests: the real exec, argument
// and parsing path of an adapter, without the tool or its network access.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readReportFixture } from '../../services/findings/reports/report-fixtures.js';

const directory = mkdtempSync(path.join(tmpdir(), 'stand-in-'));

/** A path in the stand-ins' directory, for files a stand-in writes or reads. */
export const standInPath = (name: string): string => path.join(directory, name);

/** A Node script, made executable under `name`; returns its path. */
export function standIn(name: string, script: string): string {
  const file = standInPath(name);
  writeFileSync(file, `#!/usr/bin/env node\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A stand-in that answers every invocation with a real report from test/fixtures/reports (and records its arguments in `argsFile`, if given). */
export function standInAnswering(name: string, fixture: string, argsFile?: string): string {
  const report = standInPath(`${name}.report.json`);
  writeFileSync(report, JSON.stringify(readReportFixture(fixture)));
  const recordArguments = argsFile ? `require('fs').writeFileSync(${JSON.stringify(argsFile)}, JSON.stringify(process.argv.slice(2)));` : '';
  return standIn(name, `${recordArguments} process.stdout.write(require('fs').readFileSync(${JSON.stringify(report)}));`);
}
