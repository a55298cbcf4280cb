// `sentinel gate` against the running service over real HTTP: the scan worker
// runs the Trivy adapter on a stand-in executable that answers a real Trivy
// report (test/fixtures/reports), and the pipeline records findings and summaries.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createdPolicy } from '../policies/testing/fixtures.js';
import type { Rule } from '../policies/rules.js';
import { createTrivyAdapter } from '../scans/scanners.js';
import { freshImage } from '../../test/support/findings.js';
import { usePipeline } from '../../test/support/pipeline.js';
import { standInAnswering } from '../../test/support/stand-in-executables.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestTenant } from '../../test/support/test-app.js';
import { GATE_BLOCKED, GATE_ERROR, GATE_PASS, runGate } from './gate.js';
import { parseGateOptions } from './gate-options.js';

const trivy = standInAnswering('gate-trivy', 'trivy/alpine-310.json');

// alpine-310: four vulnerabilities (CVE-2019-1549 and CVE-2019-1551, each in libcrypto1.1 and libssl1.1), none critical.
const blocksAdvisory: Rule[] = [
  { name: 'CVE-2019-1549', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2019-1549'] }] },
  { name: 'anything', effect: 'warn', when: [] },
];
const blocksCritical: Rule[] = [{ name: 'critical', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }] }];

describe.each(testProfiles)('sentinel gate ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  expectNeighbourUntouchedAfterEach(t);
  usePipeline(t, profile, { scanners: { trivy: createTrivyAdapter({ binary: trivy }) } });
  let baseUrl = '';
  beforeAll(async () => {
    await t.current.app.fastify.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.current.app.fastify.server.address() as AddressInfo).port}`;
  });

  async function gate(tenant: TestTenant, extra: string[] = [], scopes = ['scans:create', 'scans:read', 'verdicts:request']) {
    const { key } = await t.current.apiKey(tenant.owner, scopes);
    const out: string[] = [];
    const err: string[] = [];
    const options = parseGateOptions(['--image', freshImage(), '--scanner', 'trivy', '--poll-interval', '0.05', '--timeout', '60', ...extra], { SENTINEL_URL: baseUrl, SENTINEL_API_KEY: key });
    const code = await runGate(options, { stdout: (text) => out.push(text), stderr: (text) => err.push(text) });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('exits 1 with the rules as a table when a block rule matches, after showing the scan progress', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { name: 'release', rules: blocksAdvisory, enabled: true });
    const result = await gate(tenant);
    expect(result.code, result.stderr).toBe(GATE_BLOCKED);
    expect(result.stderr).toMatch(/scan [0-9a-f-]{36} of .*: queued/);
    expect(result.stderr).toMatch(/completed: 4 new, 0 reopened, 0 resolved findings/);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/: 4 findings evaluated$/);
    expect(lines[1]).toBe('Policy "release" version 1');
    expect(lines.slice(3, 6).map((line) => line.split(/\s{2,}/))).toEqual([
      ['RULE', 'EFFECT', 'MATCHES', 'BLOCKING'],
      ['CVE-2019-1549', 'block', '2', 'yes'],
      ['anything', 'warn', '4', 'no'],
    ]);
    expect(result.stdout).toMatch(/^BLOCKED: 1 blocking rule matched \(verdict [0-9a-f-]{36}\)$/m);
  });

  it('exits 0 when nothing blocks, and prints the verdict as JSON on request', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { rules: blocksCritical, enabled: true });
    const result = await gate(tenant, ['--format', 'json']);
    expect(result.code, result.stderr).toBe(GATE_PASS);
    expect(JSON.parse(result.stdout)).toMatchObject({ blocking: false, outcome: 'pass', evaluated_findings: 4, rules: [{ name: 'critical', match_count: 0, blocking: false }] });
  });

  it('reuses the scan of an earlier run given the same idempotency key', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { rules: blocksCritical, enabled: true });
    const { key } = await t.current.apiKey(tenant.owner, ['scans:create', 'scans:read', 'verdicts:request']);
    const run = async () => {
      const out: string[] = [];
      const options = parseGateOptions(['--image', 'ghcr.io/acme/gate-retry:1', '--scanner', 'trivy', '--idempotency-key', 'ci-job-42', '--poll-interval', '0.05', '--format', 'json'], { SENTINEL_URL: baseUrl, SENTINEL_API_KEY: key });
      expect(await runGate(options, { stdout: (text) => out.push(text), stderr: () => undefined })).toBe(GATE_PASS);
      return JSON.parse(out.join('')) as { id: string; scan_id: string };
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
  });

  it('exits 2 with the reason when no policy is enabled, the key lacks a scope, or the scan fails', async () => {
    const [tenant] = await t.current.twoTenants();
    const noPolicy = await gate(tenant);
    expect(noPolicy.code).toBe(GATE_ERROR);
    expect(noPolicy.stderr).toMatch(/gate error: requesting the verdict failed with 409: no enabled policy/);

    await createdPolicy(t.current, tenant, { rules: blocksAdvisory, enabled: true });
    const readOnly = await gate(tenant, [], ['scans:read']);
    expect(readOnly.code).toBe(GATE_ERROR);
    expect(readOnly.stderr).toMatch(/gate error: queueing the scan failed with 403: .*\(the key needs scans:create, scans:read and verdicts:request\)/);

    const unknownScanner = await gate(tenant, ['--scanner', 'grype-not-installed']);
    expect(unknownScanner.code).toBe(GATE_ERROR);
    expect(unknownScanner.stderr).toMatch(/gate error: queueing the scan failed with 400/);
  });

  it('exits 2 when the service cannot be reached before the timeout', async () => {
    const [tenant] = await t.current.twoTenants();
    const { key } = await t.current.apiKey(tenant.owner, ['scans:create']);
    const err: string[] = [];
    const options = parseGateOptions(['--image', freshImage(), '--url', 'http://127.0.0.1:9/', '--timeout', '2'], { SENTINEL_URL: undefined, SENTINEL_API_KEY: key });
    expect(await runGate(options, { stdout: () => undefined, stderr: (text) => err.push(text) })).toBe(GATE_ERROR);
    expect(err.join('')).toMatch(/retrying in \d+ s[\s\S]*gate error: POST api\/v1\/scans failed: .*giving up at the timeout/);
  });

  it('runs as `sentinel gate` with the exit status of the outcome', async () => {
    const [tenant] = await t.current.twoTenants();
    await createdPolicy(t.current, tenant, { rules: blocksAdvisory, enabled: true });
    const { key } = await t.current.apiKey(tenant.owner, ['scans:create', 'scans:read', 'verdicts:request']);
    const bin = path.join(import.meta.dirname, '../../bin/sentinel.js');
    const exit = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(process.execPath, [bin, 'gate', ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
      });
    const blocked = await exit(['--image', freshImage(), '--scanner', 'trivy', '--poll-interval', '0.1'], { SENTINEL_URL: baseUrl, SENTINEL_API_KEY: key });
    expect(blocked.code, blocked.stderr).toBe(GATE_BLOCKED);
    expect(blocked.stdout).toMatch(/^BLOCKED/m);
    const usage = await exit(['--image'], {});
    expect(usage.code).toBe(GATE_ERROR);
    expect(usage.stderr).toMatch(/gate error: --image needs a value[\s\S]*usage: sentinel gate/);
  });
});

describe('gate options', () => {
  const env = { SENTINEL_URL: 'https://sentinel.example.com', SENTINEL_API_KEY: 'sk_test' };
  it('takes the address and key from the environment, flags first, and refuses what it cannot use', () => {
    const options = parseGateOptions(['--image', 'ghcr.io/acme/app:1', '--scanner', 'trivy', '--scanner', 'grype', '--timeout=30'], env);
    expect(options).toMatchObject({ image: 'ghcr.io/acme/app:1', scanners: ['trivy', 'grype'], timeoutMs: 30_000, apiKey: 'sk_test', format: 'table' });
    expect(options.baseUrl.href).toBe('https://sentinel.example.com/');
    expect(options.idempotencyKey).toMatch(/^gate-[0-9a-f-]{36}$/);
    expect(parseGateOptions(['--image', 'x', '--url', 'http://other:8080', '--api-key', 'k2'], env)).toMatchObject({ apiKey: 'k2', baseUrl: new URL('http://other:8080') });
    // The built-in scanner unless the pipeline names others.
    expect(parseGateOptions(['--image', 'x'], env).scanners).toEqual(['sentinel']);
    expect(() => parseGateOptions([], env)).toThrow('--image is required');
    expect(() => parseGateOptions(['--image', 'x'], {})).toThrow('--url or SENTINEL_URL');
    expect(() => parseGateOptions(['--image', 'x'], { SENTINEL_URL: 'https://s.example.com' })).toThrow('SENTINEL_API_KEY or --api-key');
    expect(() => parseGateOptions(['--image', 'x', '--url', 'ftp://s.example.com'], env)).toThrow('http or https');
    expect(() => parseGateOptions(['--image', 'x', '--timeout', 'soon'], env)).toThrow('--timeout must be a number of seconds');
    expect(() => parseGateOptions(['--image', 'x', '--format', 'xml'], env)).toThrow('--format must be table or json');
    expect(() => parseGateOptions(['--image', 'x', '--verbose'], env)).toThrow('unknown argument --verbose');
    expect(() => parseGateOptions(['--image', 'x', '--image', 'y'], env)).toThrow('--image given more than once');
  });
});
