// Findings the example VEX documents of test/fixtures/vex speak of, imported through
// POST /api/v1/scans/import and the pipeline, and what tests compare of them.
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { freshImage, importReport, statusChangedDomainEvents, trivyReportWith } from '../../../test/support/findings.js';
import type { TestPipeline } from '../../../test/support/pipeline.js';
import type { TestApp, TestTenant } from '../../../test/support/test-app.js';

/** The image vexctl's sample-2vulns.openvex.json names (pkg:oci/nginx@sha256:13d22…), which its nginx-trivy.sarif scanned. */
export const NGINX_IMAGE = 'nginx@sha256:13d22ec63300e16014d4a42aed735207a8b33c223cff19627dd3042e5a10a3a0';

/** vexctl's Trivy SARIF report of that image: CVE-2023-27103 in libde265-0, CVE-2007-5686 in login and passwd, and 96 more. */
export const importNginx = (t: TestApp, pipeline: TestPipeline, tenant: TestTenant, image = NGINX_IMAGE) =>
  importReport(t, pipeline, tenant, readReportFixture('sarif/vexctl-nginx-trivy.sarif'), image, 'sarif');

/**
 * Trivy's spring4shell-jre11 report with jackson-databind beside spring-beans, the
 * component CycloneDX's VEX/vex.json speaks of (2.10.0) and another version of it
 * with the same advisory, at its own path.
 */
export function jacksonReport(): unknown {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a Trivy report is changed field by field
  const report = structuredClone(readReportFixture('trivy/spring4shell-jre11.json')) as any;
  const java = report.Results.find((result: { Type?: string }) => result.Type === 'jar');
  const template = java.Vulnerabilities[0];
  const jackson = (version: string) => ({
    ...structuredClone(template),
    VulnerabilityID: 'CVE-2020-25649',
    PkgName: 'com.fasterxml.jackson.core:jackson-databind',
    InstalledVersion: version,
    PkgPath: `usr/local/tomcat/webapps/helloworld.war/WEB-INF/lib/jackson-databind-${version}.jar`,
  });
  java.Vulnerabilities = [template, jackson('2.10.0'), jackson('2.12.1')];
  return report;
}

export const importJackson = (t: TestApp, pipeline: TestPipeline, tenant: TestTenant, image = freshImage()) => importReport(t, pipeline, tenant, jacksonReport(), image);

/** Log4Shell, the advisory of CycloneDX's CISA use case 1, beside another advisory, on one component of Trivy's alpine-310 report. */
export const importLog4Shell = (t: TestApp, pipeline: TestPipeline, tenant: TestTenant, image: Parameters<typeof importReport>[4] = freshImage()) =>
  importReport(t, pipeline, tenant, trivyReportWith(['CVE-2021-44228', 'CVE-2019-1549']), image);

export interface Decision {
  identifier: string;
  component: string;
  status: string;
  suppression_reason: string | null;
  suppressed_until: Date | null;
  vex_status: string | null;
}

/** Each finding of the asset by advisory and component: its status, suppression and VEX statement on record. */
export async function decisionsOf(t: TestApp, tenant: TestTenant, assetId: string): Promise<Decision[]> {
  const found = await t.db.query<Decision>(
    `SELECT f.identifier, coalesce(f.component_name, '') || '@' || coalesce(f.component_version, '') AS component, f.status, f.suppression_reason,
            f.suppressed_until, v.status AS vex_status
       FROM findings f LEFT JOIN vex_statements v ON v.org_id = f.org_id AND v.finding_id = f.id
      WHERE f.org_id = $1 AND f.asset_id = $2
      ORDER BY f.identifier, component, f.install_path`,
    [tenant.id, assetId],
  );
  return found.rows;
}

/** The finding of the asset with this advisory in this component (name, optionally @version). */
export async function findingId(t: TestApp, tenant: TestTenant, assetId: string, identifier: string, component: string): Promise<string> {
  const [name, version] = component.split('@');
  const found = await t.db.query<{ id: string }>(
    'SELECT id FROM findings WHERE org_id = $1 AND asset_id = $2 AND identifier = $3 AND component_name = $4 AND ($5::text IS NULL OR component_version = $5)',
    [tenant.id, assetId, identifier, name, version ?? null],
  );
  if (found.rows.length !== 1) throw new Error(`${found.rows.length} findings of ${identifier} in ${component}`);
  return found.rows[0]!.id;
}

/** Every timeline entry and domain event of the organization: what an import that changes nothing leaves as it was. */
export async function recordsOf(t: TestApp, tenant: TestTenant) {
  const events = await t.db.query('SELECT finding_id, seq::text, type, to_status FROM finding_events WHERE org_id = $1 ORDER BY seq', [tenant.id]);
  return { events: events.rows, announced: await statusChangedDomainEvents(t, tenant.id) };
}
