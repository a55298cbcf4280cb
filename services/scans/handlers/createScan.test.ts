import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReport } from '../../findings/reports/index.js';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { startPipeline, type TestPipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import type { ScannerAdapter } from '../scanners.js';

/** A scanner that answers a fixture report, and can be held open to keep its scan running. */
function fixtureScanner() {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  const calls: string[] = [];
  const adapter: ScannerAdapter = {
    name: 'trivy',
    async scan({ image, kinds }) {
      calls.push(image);
      await gate;
      const report = parseReport('trivy', readReportFixture('trivy/alpine-310.json'));
      return { scanner: 'trivy', observations: report.observations, licences: report.licences, coveredKinds: [...kinds] };
    },
  };
  return {
    adapter,
    calls,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
  };
}

describe.each(handlerTestProfiles)('POST /api/v1/scans ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const scanner = fixtureScanner();
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startPipeline(t.current, profile, { scanners: { trivy: scanner.adapter } });
  });
  afterAll(async () => {
    scanner.release();
    await pipeline.stop();
  });

  const image = () => `registry.example.com/team/app-${randomUUID().slice(0, 8)}:2.1`;
  const post = (tenant: TestTenant, body: unknown, headers: Record<string, string> = {}) =>
    t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body, headers });

  it('queues a scan, creates the asset on first sight, and the worker completes it into findings', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const target = image();
    const queued = await post(tenant, { image: target, scanners: ['trivy'] });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ image: target, scanners: ['trivy'], source: 'scan', requested_by: { kind: 'user', id: tenant.owner.id } });
    expect(['queued', 'running', 'completed']).toContain(queued.body.state);
    expect(await pipeline.scanSettled(tenant.id, queued.body.id)).toBe('completed');
    const done = await t.current.call('GET', `/api/v1/scans/${queued.body.id}`, { token: tenant.owner.token });
    expect(done.body).toMatchObject({ state: 'completed', new_findings: 4, completed_kinds: ['vulnerability'] });

    const again = await post(tenant, { image: target, scanners: ['trivy'] });
    expect(again.body.asset_id).toBe(queued.body.asset_id);
    const pinned = await post(tenant, { image: `${target.split(':')[0]}@sha256:${'a'.repeat(64)}`, scanners: ['trivy'] });
    expect(pinned.body.asset_id).not.toBe(queued.body.asset_id);
    await pipeline.scanSettled(tenant.id, again.body.id);
    await pipeline.scanSettled(tenant.id, pinned.body.id);

    const foreign = await t.current.call('GET', `/api/v1/scans?asset_id=${queued.body.asset_id}`, { token: neighbour.owner.token });
    expect(foreign.body).toMatchObject({ items: [], total: 0, has_more: false });
  });

  it.each([
    ['http://ghcr.io/acme/app:1', 'url_scheme'],
    ['user:secret@ghcr.io/acme/app:1', 'embedded_credentials'],
    ['ghcr.io/acme/../../etc/passwd:1', 'path_traversal'],
    ['10.0.0.8:5000/acme/app:1', 'private_registry'],
    ['localhost:5000/acme/app:1', 'private_registry'],
    ['169.254.169.254/latest/meta:1', 'private_registry'],
  ])('refuses %s with 400 naming rule %s, and records nothing', async (reference, rule) => {
    const [tenant] = await t.current.twoTenants();
    const response = await post(tenant, { image: reference, scanners: ['trivy'] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', rule });
    expect(response.body.error).toContain(`(${rule})`);
    expect((await t.current.db.query('SELECT 1 FROM assets WHERE org_id = $1', [tenant.id])).rowCount).toBe(0);
  });

  it('refuses an unknown scanner from the document, before any work', async () => {
    const [tenant] = await t.current.twoTenants();
    const response = await post(tenant, { image: image(), scanners: ['nessus'] });
    expect(response.status).toBe(400);
    expect((await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [tenant.id])).rowCount).toBe(0);
  });

  it('refuses a scan of a named software asset with 400 and the rule software_asset, queueing nothing', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const imported = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { software: { name: 'acme billing', version: '1.0' }, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') },
    });
    expect(imported.status).toBe(202);
    expect(imported.body.image).toBe('software:acme%20billing@1.0');
    const scansBefore = await t.current.db.query('SELECT id FROM scans WHERE org_id = $1', [tenant.id]);
    for (const who of [tenant, neighbour]) {
      const refused = await post(who, { image: imported.body.image });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_failed', rule: 'software_asset' });
      expect(refused.body.error).toMatch(/^a software asset has no image to pull/);
    }
    // A scan request names an image only.
    expect((await post(tenant, { software: { name: 'acme billing' } })).status).toBe(400);
    expect((await t.current.db.query('SELECT id FROM scans WHERE org_id = $1', [tenant.id])).rows).toEqual(scansBefore.rows);
    expect((await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [neighbour.id])).rowCount).toBe(0);
    expect((await t.current.db.query("SELECT 1 FROM jobs WHERE org_id = $1 AND kind = 'scan.run'", [tenant.id])).rowCount).toBe(0);
  });

  it('executes once for concurrent requests with one idempotency key, then replays the stored response verbatim', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const key = `scan-${randomUUID()}`;
    const body = { image: image(), scanners: ['trivy'] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(tenant, body, { 'idempotency-key': key })));
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(new Set(accepted.map((a) => a.raw)).size).toBe(1);
    for (const refused of answers.filter((a) => a.status !== 202)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('a request with this idempotency key is still in progress');
    }
    expect((await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [tenant.id])).rowCount).toBe(1);

    const replay = await post(tenant, body, { 'idempotency-key': key });
    expect(replay.status).toBe(202);
    expect(replay.raw).toBe(accepted[0]!.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const inBody = await post(tenant, { ...body, idempotency_key: key });
    expect(inBody.raw).toBe(accepted[0]!.raw);

    const different = await post(tenant, { image: image(), scanners: ['trivy'] }, { 'idempotency-key': key });
    expect(different.status).toBe(409);
    expect(different.body.error).toBe('idempotency key reused for a different request');
    // Keys belong to the organization: the neighbour's same key is a new request.
    expect((await post(neighbour, body, { 'idempotency-key': key })).status).toBe(202);
    await pipeline.scanSettled(tenant.id, accepted[0]!.body.id);
  });

  it('keeps a scan beyond the plan limit queued without an error, and runs it once capacity frees', async () => {
    const [tenant] = await t.current.twoTenants(); // a new organization is on the Free plan: one scan at a time
    scanner.hold();
    const first = await post(tenant, { image: image(), scanners: ['trivy'] });
    const deadline = Date.now() + 20_000;
    while ((await t.current.call('GET', `/api/v1/scans/${first.body.id}`, { token: tenant.owner.token })).body.state !== 'running') {
      if (Date.now() > deadline) throw new Error('first scan never started');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const second = await post(tenant, { image: image(), scanners: ['trivy'] });
    expect(second.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.current.call('GET', `/api/v1/scans/${second.body.id}`, { token: tenant.owner.token })).body.state).toBe('queued');
    scanner.release();
    expect(await pipeline.scanSettled(tenant.id, first.body.id)).toBe('completed');
    expect(await pipeline.scanSettled(tenant.id, second.body.id, 30_000)).toBe('completed');
  });

  it('lets a Pro organization run five scans at once', async () => {
    const [tenant] = await t.current.twoTenants();
    await t.current.db.query("UPDATE organizations SET plan_code = 'pro' WHERE id = $1", [tenant.id]);
    scanner.hold();
    const scans = await Promise.all(Array.from({ length: 6 }, () => post(tenant, { image: image(), scanners: ['trivy'] })));
    const deadline = Date.now() + 20_000;
    const running = async () =>
      (await t.current.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM scans WHERE org_id = $1 AND state = 'running'", [tenant.id])).rows[0]!.n;
    while ((await running()) < 5) {
      if (Date.now() > deadline) throw new Error(`only ${await running()} scans started`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await running()).toBe(5);
    scanner.release();
    for (const scan of scans) expect(await pipeline.scanSettled(tenant.id, scan.body.id, 30_000)).toBe('completed');
  });
});
