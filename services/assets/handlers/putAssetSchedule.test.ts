import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { putSchedule } from '../schedules.js';
import { assetOf, pinnedImage, softwareAssetOf } from '../testing/fixtures.js';

const HOUR_MS = 3_600_000;

describe.each(handlerTestProfiles)('PUT /api/v1/assets/{id}/schedule ($profile)', (profile) => {
  const t = useTestApp(profile);
  const put = (token: string, id: string, body: unknown) => t.current.call('PUT', `/api/v1/assets/${id}/schedule`, { token, body });
  const daily = { interval_hours: 24, scanners: ['trivy'] };
  const scheduleRows = async (tenant: TestTenant) => (await t.current.db.query('SELECT asset_id FROM asset_schedules WHERE org_id = $1', [tenant.id])).rows;

  it('sets the one schedule, due an interval after creation for an asset never scanned; the same request again changes nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const asset = (await t.current.call('GET', `/api/v1/assets/${id}`, { token: tenant.owner.token })).body;

    const first = await put(tenant.owner.token, id, daily);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ asset_id: id, interval_hours: 24, scanners: ['trivy'] });
    expect(Date.parse(first.body.next_run_at) - Date.parse(asset.created_at)).toBeCloseTo(24 * HOUR_MS, -1);

    const again = await put(tenant.owner.token, id, daily);
    expect(again.status).toBe(200);
    expect(again.raw).toBe(first.raw);
    expect(await scheduleRows(tenant)).toEqual([{ asset_id: id }]);
    expect((await t.current.call('GET', `/api/v1/assets/${id}/schedule`, { token: tenant.owner.token })).raw).toBe(first.raw);
  });

  it('recomputes the next run for a new interval, from the last scan, and is due at once when that has passed', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const lastScan = new Date(Date.now() - 30 * HOUR_MS);
    await t.current.db.query('UPDATE assets SET last_scanned_at = $3 WHERE org_id = $1 AND id = $2', [tenant.id, id, lastScan]);

    const overdue = await put(tenant.owner.token, id, daily);
    expect(Math.abs(Date.parse(overdue.body.next_run_at) - Date.now())).toBeLessThan(60_000);
    const weekly = await put(tenant.owner.token, id, { interval_hours: 168, scanners: ['trivy'] });
    expect(Date.parse(weekly.body.next_run_at)).toBe(lastScan.getTime() + 168 * HOUR_MS);
    expect(weekly.body.created_at).toBe(overdue.body.created_at);
    expect(Date.parse(weekly.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(overdue.body.updated_at));
  });

  it('keeps the next run when only the scanners change', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const before = await put(tenant.owner.token, id, daily);
    const changed = await putSchedule(t.current.db, tenant.id, id, { interval_hours: 24, scanners: ['trivy', 'grype'] });
    expect(changed).toMatchObject({ scanners: ['grype', 'trivy'], next_run_at: before.body.next_run_at });
  });

  it('refuses a digest-pinned asset with 400 and a message, writing nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant, pinnedImage());
    const before = await t.current.snapshot(tenant);
    const refused = await put(tenant.owner.token, id, daily);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', rule: 'digest_pinned' });
    expect(refused.body.error).toMatch(/^a digest-pinned asset cannot be scheduled/);
    expect(await scheduleRows(tenant)).toEqual([]);
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  it('refuses a named software asset with 400 and the rule software_asset: it has no image to pull', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const id = await softwareAssetOf(t.current, tenant);
    const before = await t.current.snapshot(tenant);
    const refused = await put(tenant.owner.token, id, daily);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', rule: 'software_asset' });
    expect(refused.body.error).toMatch(/^a software asset cannot be scheduled/);
    expect(await scheduleRows(tenant)).toEqual([]);
    expect(await t.current.snapshot(tenant)).toEqual(before);
    // Another organization's software asset is not found, before any rule about it.
    const missing = await put(neighbour.owner.token, randomUUID(), daily);
    expect((await put(neighbour.owner.token, id, daily)).raw).toBe(missing.raw);
  });

  it.each([
    ['an interval of 0 hours', { interval_hours: 0, scanners: ['trivy'] }],
    ['an interval over a year', { interval_hours: 8761, scanners: ['trivy'] }],
    ['no scanners', { interval_hours: 24, scanners: [] }],
    ['an unknown scanner', { interval_hours: 24, scanners: ['nmap'] }],
  ])('refuses %s with 400', async (_case, body) => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    expect((await put(tenant.owner.token, id, body)).status).toBe(400);
    expect(await scheduleRows(tenant)).toEqual([]);
  });

  it("answers another tenant's asset, pinned or not, exactly like a missing one, and schedules nothing", async () => {
    const [a, b] = await t.current.twoTenants();
    const tagged = await assetOf(t.current, a);
    const pinned = await assetOf(t.current, a, pinnedImage());
    const before = await t.current.snapshot(a);
    const missing = await put(b.owner.token, randomUUID(), daily);
    expect(missing.status).toBe(404);
    for (const id of [tagged, pinned]) expect((await put(b.owner.token, id, daily)).raw).toBe(missing.raw);
    expect(await scheduleRows(a)).toEqual([]);
    expect(await scheduleRows(b)).toEqual([]);
    expect(await t.current.snapshot(a)).toEqual(before);
  });

  it('is allowed to an API key holding scans:create', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const { key } = await t.current.apiKey(tenant.owner, ['scans:create']);
    expect((await put(key, id, daily)).status).toBe(200);
  });
});
