// Test support for verdicts: scans imported through the real pipeline until
// their summary is frozen, and verdicts requested through the real route.
import { randomBytes } from 'node:crypto';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { freshImage, importReport } from '../../../test/support/findings.js';
import { startPipeline, type TestPipeline } from '../../../test/support/pipeline.js';
import type { TestApp, TestTenant } from '../../../test/support/test-app.js';
import { createdPolicy } from '../../policies/testing/fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Trivy report is walked field by field
type Json = Record<string, any>;

export interface VulnerabilitySpec {
  id: string;
  severity?: string;
  /** A fixed version makes it fixable; none leaves it unknown. */
  fixed?: string | null;
  pkg?: string;
  /** The NVD v3 score; null for none. */
  cvss?: number | null;
}

/** Trivy's alpine-310 report carrying exactly these vulnerabilities, each a copy of its first one with the fields given. */
export function trivyReport(vulnerabilities: readonly VulnerabilitySpec[]): Json {
  const report = structuredClone(readReportFixture('trivy/alpine-310.json')) as Json;
  const template = report.Results[0].Vulnerabilities[0];
  report.Results[0].Vulnerabilities = vulnerabilities.map((spec) => ({
    ...structuredClone(template),
    VulnerabilityID: spec.id,
    Severity: spec.severity ?? 'MEDIUM',
    FixedVersion: spec.fixed === undefined ? '9.9.9-r0' : (spec.fixed ?? ''),
    PkgName: spec.pkg ?? template.PkgName,
    CVSS: spec.cvss === null ? {} : { nvd: { V3Score: spec.cvss ?? 5.3 } },
  }));
  return report;
}

/** Imports the report as the tenant's owner and waits until a verdict can be computed for it (its summary is frozen). */
export async function summarizedScan(t: TestApp, pipeline: TestPipeline, tenant: TestTenant, report: unknown, image = freshImage()): Promise<{ scanId: string; assetId: string }> {
  const scan = await importReport(t, pipeline, tenant, report, image);
  await pipeline.scanSummarized(tenant.id, scan.scanId);
  return scan;
}

/** POST /scans/{id}/verdict with the credential. */
export const requestVerdict = (t: TestApp, token: string, scanId: string) => t.call('POST', `/api/v1/scans/${scanId}/verdict`, { token });

/** A verdict recorded in the tenant under an enabled policy, on a pipeline of its own over the embedded log; for fixtures. */
export async function recordedVerdict(t: TestApp, tenant: TestTenant): Promise<{ verdictId: string; scanId: string }> {
  const pipeline = await startPipeline(t, t.db.kind === 'postgres' ? 'postgres' : 'embedded', { log: 'embedded' });
  try {
    const { scanId } = await summarizedScan(t, pipeline, tenant, trivyReport([{ id: `CVE-2099-${randomBytes(3).toString('hex')}` }]));
    await createdPolicy(t, tenant, { enabled: true });
    const verdict = await requestVerdict(t, tenant.owner.token, scanId);
    if (verdict.status !== 201) throw new Error(`POST /scans/${scanId}/verdict answered ${verdict.status}: ${verdict.raw}`);
    return { verdictId: verdict.body.id, scanId };
  } finally {
    await pipeline.stop();
  }
}
