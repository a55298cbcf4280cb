import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { createLogger } from '../../platform/logger.js';
import { newRegistrySecret, storeCredential, uniqueRegistry } from '../../registry-credentials/testing/api-fixtures.js';
import { startPipeline, usePipeline, type TestPipeline } from '../../../test/support/pipeline.js';
import { standIn, standInAnswering, standInPath } from '../../../test/support/stand-in-executables.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createGrypeAdapter, createTrivyAdapter, type ScannerAdapter } from '../scanners.js';

const brokenTrivy: ScannerAdapter = {
  name: 'trivy',
  scan: async () => ({ scanner: 'trivy', failure: 'FATAL unable to find the specified image' }),
};

describe.each(testProfiles)('scan worker ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startPipeline(t.current, profile, { scanners: { trivy: brokenTrivy }, log: 'embedded' });
  });
  afterAll(async () => {
    await pipeline.stop();
  });

  it('records a failed scan with its reason, and a failed scan resolves nothing', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const image = `ghcr.io/acme/worker-${randomUUID().slice(0, 8)}:1`;
    const imported = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') } });
    await pipeline.scanSettled(tenant.id, imported.body.id);

    const scan = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] } });
    expect(await pipeline.scanSettled(tenant.id, scan.body.id)).toBe('failed');
    const failed = await t.current.call('GET', `/api/v1/scans/${scan.body.id}`, { token: tenant.owner.token });
    expect(failed.body).toMatchObject({ state: 'failed', failure_reason: 'trivy: FATAL unable to find the specified image', resolved_findings: 0, completed_kinds: [] });
    const open = await t.current.db.query("SELECT 1 FROM findings WHERE org_id = $1 AND status = 'open'", [tenant.id]);
    expect(open.rowCount).toBe(4);
    const event = await t.current.db.query<{ value: { type: string; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND topic = 'domain-events' AND value->>'type' = 'scan.failed'",
      [tenant.id],
    );
    expect(JSON.parse(event.rows[0]!.value.payload)).toMatchObject({ scan_id: scan.body.id, state: 'failed' });
    expect((await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [neighbour.id])).rowCount).toBe(0);
  });
});

// The real Trivy adapter against a stand-in whose report holds a NUL and whose
// complaint, for images named failing-*, holds one too: what the worker records
// travels the outbox, the stream and the findings processor like an import.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw scanner report, edited field by field
const poisonedReport = readReportFixture('trivy/alpine-310.json') as Record<string, any>;
poisonedReport.Results[0].Vulnerabilities[0].Title = 'openssl\u0000: information disclosure in fork()';
writeFileSync(standInPath('trivy-poisoned.report.json'), JSON.stringify(poisonedReport));
const poisonedTrivy = standIn(
  'trivy-poisoned',
  `if (process.argv.at(-1).includes('/failing-')) { process.stderr.write('FATAL cannot read layer \\u0000 of the image\\n'); process.exit(1); }
   process.stdout.write(require('fs').readFileSync(${JSON.stringify(standInPath('trivy-poisoned.report.json'))}));`,
);

describe.each(testProfiles)('scan worker with text no column can hold ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile, { scanners: { trivy: createTrivyAdapter({ binary: poisonedTrivy }) } });

  it('records the report with U+FFFD and lists the warning on the scan; a complaint with a NUL fails the scan with U+FFFD', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const scanned = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image: `ghcr.io/acme/worker-${randomUUID().slice(0, 8)}:1`, scanners: ['trivy'] } });
    const failing = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image: `ghcr.io/acme/failing-${randomUUID().slice(0, 8)}:1`, scanners: ['trivy'] } });
    expect(scanned.body.warnings).toEqual([]);
    expect(await pipeline.current.scanSettled(tenant.id, scanned.body.id)).toBe('completed');
    expect(await pipeline.current.scanSettled(tenant.id, failing.body.id)).toBe('failed');

    const completed = await t.current.call('GET', `/api/v1/scans/${scanned.body.id}`, { token: tenant.owner.token });
    expect(completed.body).toMatchObject({ new_findings: 4 });
    expect(completed.body.warnings).toEqual([
      {
        code: 'text_replaced',
        where: 'Results[0].Vulnerabilities[0].Title',
        count: 1,
        message: 'Results[0].Vulnerabilities[0].Title: 1 character no text can hold (NUL or unpaired surrogate) replaced with U+FFFD',
      },
    ]);
    const titles = await t.current.db.query<{ title: string }>('SELECT title FROM findings WHERE org_id = $1 AND asset_id = $2', [tenant.id, scanned.body.asset_id]);
    expect(titles.rows.map((row) => row.title)).toContain('openssl\uFFFD: information disclosure in fork()');

    const failed = await t.current.call('GET', `/api/v1/scans/${failing.body.id}`, { token: tenant.owner.token });
    expect(failed.body).toMatchObject({ failure_reason: 'trivy: FATAL cannot read layer \uFFFD of the image', warnings: [] });
    const foreign = await t.current.call('GET', `/api/v1/scans/${scanned.body.id}`, { token: neighbour.owner.token });
    expect(foreign.status).toBe(404);
  });
});

// Grype beside Trivy: Grype looks for vulnerabilities and nothing else, so a scan of
// an organization that also looks for secrets says, as an import of Grype's report
// does, that nothing resolved them, unless Trivy ran in the same scan.
const standInGrype = standInAnswering('grype-worker', 'grype/dd-issue_9618.json');
const standInTrivy = standInAnswering('trivy-beside-grype', 'trivy/alpine-310.json');

describe.each(testProfiles)('scan worker with Grype ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile, { scanners: { trivy: createTrivyAdapter({ binary: standInTrivy }), grype: createGrypeAdapter({ binary: standInGrype }) } });

  it('records what Grype found, and says that a scan by Grype alone did not look for secrets', async () => {
    const [tenant] = await t.current.twoTenants();
    const enabled = await t.current.call('PATCH', '/api/v1/settings/scanners', { token: tenant.owner.token, body: { container_image: { secrets: true } } });
    expect(enabled.status).toBe(200);
    const image = `quay.io/acme/grype-${randomUUID().slice(0, 8)}:1`;
    const scan = async (scanners: string[]) => {
      const queued = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners } });
      expect(queued.status).toBe(202);
      expect(await pipeline.current.scanSettled(tenant.id, queued.body.id)).toBe('completed');
      return (await t.current.call('GET', `/api/v1/scans/${queued.body.id}`, { token: tenant.owner.token })).body;
    };

    const byGrype = await scan(['grype']);
    expect(byGrype).toMatchObject({ scanners: ['grype'], completed_kinds: ['vulnerability'], new_findings: 35, resolved_findings: 0 });
    expect(byGrype.warnings).toEqual([
      { code: 'kind_not_covered', where: null, count: 1, message: 'the report does not show that grype looked for secrets: none are resolved by this scan, open secrets stay open' },
    ]);

    // With Trivy in the same scan the secrets were looked for: no warning, and the
    // four findings Trivy adds are new, Grype's 35 are seen again.
    const both = await scan(['trivy', 'grype']);
    expect(both).toMatchObject({ completed_kinds: ['vulnerability', 'secret'], new_findings: 4, resolved_findings: 0, warnings: [] });
  });
});

// The organization's registry credential reaches the scanner process (a stand-in that
// is also the registry: it accepts one password) through its environment, and the
// outcome of the run is recorded on the credential. Nothing logs the secret.
describe.each(testProfiles)('scan worker with registry credentials ($profile)', ({ profile, counters }) => {
  const lines: string[] = [];
  const logger = createLogger('trace', {}, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  const registry = uniqueRegistry();
  const accepted = newRegistrySecret();
  const environmentFile = standInPath(`trivy-registry-${profile}.env.jsonl`);
  const argsFile = standInPath(`trivy-registry-${profile}.args.json`);
  const binary = standInAnswering(`trivy-registry-${profile}`, 'trivy/alpine-310.json', argsFile, {
    environmentFile,
    names: ['TRIVY_USERNAME', 'TRIVY_PASSWORD', 'DOCKER_CONFIG'],
    acceptsPassword: accepted,
  });
  const t = useTestApp({ profile, counters, logger });
  const pipeline = usePipeline(t, profile, { scanners: { trivy: createTrivyAdapter({ binary }) }, logger });
  // The login never travels in TRIVY_USERNAME / TRIVY_PASSWORD, which Trivy offers to every registry it talks to.
  const noEnvironmentLogin = { TRIVY_USERNAME: null, TRIVY_PASSWORD: null };
  const runs = () => readFileSync(environmentFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  const scan = async (tenant: TestTenant, image: string) => {
    const queued = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] } });
    expect(queued.status).toBe(202);
    const state = await pipeline.current.scanSettled(tenant.id, queued.body.id);
    return { state, scan: (await t.current.call('GET', `/api/v1/scans/${queued.body.id}`, { token: tenant.owner.token })).body };
  };
  const credential = async (tenant: TestTenant, id: string) => (await t.current.call('GET', `/api/v1/registry-credentials/${id}`, { token: tenant.owner.token })).body;

  it("hands each organization its own credential for the image's registry and records the use, or the registry's refusal", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const own = await storeCredential(t.current, tenant.owner, { registry, username: 'ci-robot', secret: accepted });
    const wrong = await storeCredential(t.current, other.owner, { registry, username: 'someone-else' });
    const image = `${registry}/acme/private-${randomUUID().slice(0, 8)}:1`;

    const succeeded = await scan(tenant, image);
    expect(succeeded.state).toBe('completed');
    const loginRun = runs().at(-1);
    expect(loginRun).toEqual({ ...noEnvironmentLogin, DOCKER_CONFIG: expect.any(String), login: { host: registry, username: 'ci-robot', password: accepted, hosts: [registry] } });
    expect(existsSync(loginRun.DOCKER_CONFIG), 'the run\'s Docker configuration is removed after it').toBe(false);
    const used = await credential(tenant, own.id);
    expect(used).toMatchObject({ status: 'ok', last_error: null, last_used_at: expect.any(String) });
    expect(Date.parse(used.last_used_at)).toBeLessThanOrEqual(Date.parse(succeeded.scan.completed_at));

    const refused = await scan(other, image);
    expect(refused.state).toBe('failed');
    expect(runs().at(-1)).toEqual({ ...noEnvironmentLogin, DOCKER_CONFIG: expect.any(String), login: { host: registry, username: 'someone-else', password: wrong.secret, hosts: [registry] } });
    const complaint = `FATAL image scan error: GET https://${registry}/v2/: UNAUTHORIZED: authentication required`;
    expect(refused.scan.failure_reason).toBe(`trivy: ${complaint}`);
    expect(await credential(other, wrong.id)).toMatchObject({ status: 'failed', last_error: complaint, last_used_at: expect.any(String) });
    // The first organization's credential is untouched by the other's refusal.
    expect(await credential(tenant, own.id)).toEqual(used);

    // An image of a registry the organization has no credential for is scanned without one.
    const anonymous = await scan(tenant, `ghcr.io/acme/public-${randomUUID().slice(0, 8)}:1`);
    expect(anonymous.state).toBe('failed');
    expect(runs().at(-1)).toEqual({ ...noEnvironmentLogin, DOCKER_CONFIG: expect.any(String), login: { host: 'ghcr.io', username: null, password: null, hosts: [] } });
    expect(await credential(tenant, own.id)).toEqual(used);

    expect(readFileSync(argsFile, 'utf8')).not.toContain(accepted);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(accepted) || line.includes(wrong.secret))).toEqual([]);
  });
});
