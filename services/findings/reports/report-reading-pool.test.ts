import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { canonicalDigest } from '../../platform/pagination/canonical-json.js';
import { parseReport, ReportFormatError } from './index.js';
import { readReportOffThread } from './report-reading-pool.js';
import { readReportFixture } from '../testing/report-fixtures.js';

describe('readReportOffThread', () => {
  it('answers what parseReport answers, and the digest when asked', async () => {
    expect(isMainThread).toBe(true);
    const report = readReportFixture('grype/dd-issue_9618.json');
    const read = await readReportOffThread('grype', report, { digest: true });
    expect(read.report).toEqual(parseReport('grype', report));
    expect(read.digest).toBe(canonicalDigest(report));
    expect((await readReportOffThread('trivy', JSON.stringify(readReportFixture('trivy/alpine-310.json')))).digest).toBeUndefined();
  });

  it('rejects a malformed report with the ReportFormatError parseReport throws', async () => {
    const refusal = readReportOffThread('grype', readReportFixture('trivy/alpine-310.json'));
    await expect(refusal).rejects.toBeInstanceOf(ReportFormatError);
    await expect(refusal).rejects.toMatchObject({ format: 'grype', path: 'matches', problem: 'is missing', message: 'matches is missing' });
  });

  it('reads many reports at once, each answered with its own', async () => {
    const names = ['trivy/alpine-310.json', 'trivy/ubuntu-1804.json', 'trivy/secrets.json', 'trivy/helm.json'];
    const reads = await Promise.all(names.flatMap((name) => [1, 2].map(() => readReportOffThread('trivy', readReportFixture(name)))));
    expect(reads.map((read) => read.report)).toEqual(names.flatMap((name) => [1, 2].map(() => parseReport('trivy', readReportFixture(name)))));
  });
});
