import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../../findings/reports/report-fixtures.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { allPages, assetOf, pinnedImage, taggedImage } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/assets ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  const list = (tenant: TestTenant, query = '') => t.current.call('GET', `/api/v1/assets${query}`, { token: tenant.owner.token });

  const walk = async (tenant: TestTenant, query: string) =>
    (await allPages<{ id: string }>(t.current, tenant.owner.token, `/api/v1/assets?${query}`)).items.map((asset) => asset.id);

  it('lists newest first by creation, not by last scan, with last_scanned_at once a scan completes', async () => {
    const [tenant] = await t.current.twoTenants();
    const olderImage = taggedImage();
    const older = await assetOf(t.current, tenant, olderImage);
    const newer = await assetOf(t.current, tenant, pinnedImage());
    const imported = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { image: olderImage, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') },
    });
    await pipeline.current.scanSettled(tenant.id, imported.body.id);

    const page = await list(tenant);
    expect(page.body.items.map((asset: { id: string }) => asset.id)).toEqual([newer, older]);
    expect(page.body).toMatchObject({ page: { limit: 50, stable: true }, has_more: false, total: 2 });
    expect(page.body.next_cursor).toBeUndefined();
    const [newest, oldest] = page.body.items;
    expect(newest).toMatchObject({ pinned: true, tag: null, last_scanned_at: null, archived_at: null, archive_reason: null });
    expect(newest.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(oldest).toMatchObject({ reference: olderImage, registry: 'ghcr.io', tag: '1.0', digest: null, pinned: false });
    expect(Date.parse(oldest.last_scanned_at)).toBeGreaterThanOrEqual(Date.parse(oldest.created_at));
  });

  it('walks every asset exactly once across pages, while assets are created meanwhile', async () => {
    const [tenant] = await t.current.twoTenants();
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push(await assetOf(t.current, tenant));
    const first = await list(tenant, '?limit=2');
    expect(first.body).toMatchObject({ page: { limit: 2 }, has_more: true, total: 5 });
    await assetOf(t.current, tenant); // newer than the cursor's position: never enters this walk
    const rest: string[] = [];
    let cursor: string | undefined = first.body.next_cursor;
    while (cursor) {
      const page = await list(tenant, `?limit=2&cursor=${cursor}`);
      rest.push(...page.body.items.map((asset: { id: string }) => asset.id));
      cursor = page.body.next_cursor;
    }
    expect([...first.body.items.map((asset: { id: string }) => asset.id), ...rest]).toEqual([...created].reverse());
  });

  it('leaves archived assets out unless asked, and binds the cursor to that choice', async () => {
    const [tenant] = await t.current.twoTenants();
    const kept = await assetOf(t.current, tenant);
    const archived = await assetOf(t.current, tenant);
    const third = await assetOf(t.current, tenant);
    const archive = await t.current.call('POST', `/api/v1/assets/${archived}/archive`, { token: tenant.owner.token, body: { reason: 'retired image' } });
    expect(archive.status).toBe(200);

    expect(await walk(tenant, 'limit=1')).toEqual([third, kept]);
    expect(await walk(tenant, 'limit=1&archived=include')).toEqual([third, archived, kept]);
    expect(await walk(tenant, 'archived=only')).toEqual([archived]);

    const included = await list(tenant, '?limit=1&archived=include');
    const mismatched = await list(tenant, `?limit=1&cursor=${included.body.next_cursor}`);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body).toEqual({ error: 'invalid or expired cursor', code: 'validation_failed' });
    expect((await list(tenant, '?archived=everything')).status).toBe(400);
  });

  it("returns no row of another tenant, and refuses another tenant's cursor", async () => {
    const [a, b] = await t.current.twoTenants();
    const image = taggedImage();
    const inA = await assetOf(t.current, a, image);
    await assetOf(t.current, a);
    const inB = await assetOf(t.current, b, image);
    expect(inB).not.toBe(inA);
    expect(await walk(b, 'archived=include')).toEqual([inB]);

    const pageOfA = await list(a, '?limit=1');
    const replayedByB = await list(b, `?limit=1&cursor=${pageOfA.body.next_cursor}`);
    expect(replayedByB.status).toBe(400);
    expect(replayedByB.body).toEqual({ error: 'invalid or expired cursor', code: 'validation_failed' });
  });

  it('is readable with scans:read alone', async () => {
    const [tenant] = await t.current.twoTenants();
    const asset = await assetOf(t.current, tenant);
    const { key } = await t.current.apiKey(tenant.owner, ['scans:read']);
    const page = await t.current.call('GET', '/api/v1/assets', { token: key });
    expect(page.status).toBe(200);
    expect(page.body.items.map((item: { id: string }) => item.id)).toEqual([asset]);
  });
});
