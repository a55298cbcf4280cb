// The Trivy adapter against stand-in executables: the real exec, argument and
// parsing path, without network access to a vulnerability database.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { standIn, standInAnswering, standInPath } from '../../test/support/stand-in-executables.js';
import { createTrivyAdapter } from './scanners.js';

describe('Trivy adapter', () => {
  it('runs trivy image --format json for the enabled kinds plus licences, and parses its report', async () => {
    const argsFile = standInPath('trivy-ok.args.json');
    const binary = standInAnswering('trivy-ok', 'trivy/alpine-310.json', argsFile);
    const outcome = await createTrivyAdapter({ binary }).scan('ghcr.io/acme/app:1', ['vulnerability', 'secret'], new AbortController().signal);
    expect(outcome.failure).toBeUndefined();
    expect(outcome.observations).toHaveLength(4);
    expect(outcome.coveredKinds).toEqual(['vulnerability', 'secret']);
    expect(JSON.parse(readFileSync(argsFile, 'utf8'))).toEqual(['image', '--format', 'json', '--quiet', '--scanners', 'vuln,secret,license', 'ghcr.io/acme/app:1']);
  });

  it('reports a missing binary as a failure a person can act on', async () => {
    const outcome = await createTrivyAdapter({ binary: standInPath('absent-trivy') }).scan('ghcr.io/acme/app:1', ['vulnerability'], new AbortController().signal);
    expect(outcome).toEqual({ scanner: 'trivy', failure: `${standInPath('absent-trivy')} is not installed on this worker` });
  });

  it("reports the scanner's own last complaint when it exits non-zero, and a report it cannot parse", async () => {
    const failing = standIn('trivy-fails', "process.stderr.write('INFO starting\\nFATAL image scan error: unable to find the specified image\\n'); process.exit(1);");
    const failed = await createTrivyAdapter({ binary: failing }).scan('ghcr.io/acme/missing:1', ['vulnerability'], new AbortController().signal);
    expect(failed.failure).toBe('FATAL image scan error: unable to find the specified image');
    const garbled = standIn('trivy-garbled', "process.stdout.write('{not json');");
    const unparsable = await createTrivyAdapter({ binary: garbled }).scan('ghcr.io/acme/app:1', ['vulnerability'], new AbortController().signal);
    expect(unparsable.failure).toMatch(/JSON/);
  });
});
