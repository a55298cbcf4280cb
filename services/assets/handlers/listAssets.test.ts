import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { allPages, assetOf, pinnedImage, softwareAssetOf, softwareName, taggedImage } from '../testing/fixtures.js';

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

  it("counts each asset's findings still to be dealt with by severity: triaged ones count, suppressed ones do not", async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const image = taggedImage();
    const imported = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { image, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') },
    });
    await pipeline.current.scanSettled(tenant.id, imported.body.id);
    await assetOf(t.current, neighbour, image);
    const none = { critical: 0, high: 0, medium: 0, low: 0, none: 0, unknown: 0 };
    const findings = await t.current.call('GET', '/api/v1/findings', { token: tenant.owner.token });
    const [first, second] = findings.body.items.map((finding: { id: string }) => finding.id);
    expect((await list(tenant)).body.items[0].open_findings).toEqual({ ...none, medium: 4 });

    const triaged = await t.current.call('PATCH', `/api/v1/findings/${first}`, { token: tenant.owner.token, body: { status: 'triaged' } });
    expect(triaged.status).toBe(200);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const suppressed = await t.current.call('PATCH', `/api/v1/findings/${second}`, {
      token: tenant.owner.token,
      body: { status: 'suppressed', reason: 'not reachable', expires_at: expiresAt },
    });
    expect(suppressed.status).toBe(200);

    const [asset] = (await list(tenant)).body.items;
    expect(asset.open_findings).toEqual({ ...none, medium: 3 });
    expect((await t.current.call('GET', `/api/v1/assets/${asset.id}`, { token: tenant.owner.token })).body.open_findings).toEqual({ ...none, medium: 3 });
    // The same image in another organization is another asset, with nothing of these findings.
    expect((await list(neighbour)).body.items.map((item: { open_findings: unknown }) => item.open_findings)).toEqual([none]);
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

  it('lists named software assets beside images with their kind, filters by kind, and binds the cursor to it', async () => {
    const [tenant] = await t.current.twoTenants();
    const name = softwareName();
    const image = await assetOf(t.current, tenant);
    const unversioned = await softwareAssetOf(t.current, tenant, { name });
    const versioned = await softwareAssetOf(t.current, tenant, { name, version: '1.0' });
    // The same name and version again is the same asset; another version another.
    expect(await softwareAssetOf(t.current, tenant, { name, version: '1.0' })).toBe(versioned);
    expect(new Set([image, unversioned, versioned]).size).toBe(3);

    expect(await walk(tenant, 'limit=1')).toEqual([versioned, unversioned, image]);
    expect(await walk(tenant, 'limit=1&kind=software')).toEqual([versioned, unversioned]);
    expect(await walk(tenant, 'kind=image')).toEqual([image]);
    const items = (await list(tenant)).body.items;
    expect(items.map((asset: { kind: string; name: string | null; version: string | null }) => [asset.kind, asset.name, asset.version])).toEqual([
      ['software', name, '1.0'],
      ['software', name, null],
      ['image', null, null],
    ]);

    const software = await list(tenant, '?limit=1&kind=software');
    const mismatched = await list(tenant, `?limit=1&kind=image&cursor=${software.body.next_cursor}`);
    expect(mismatched.status).toBe(400);
    expect((await list(tenant, '?kind=container')).status).toBe(400);
  });

  it('gives the same software name in two tenants two assets, each listed only in its own', async () => {
    const [a, b] = await t.current.twoTenants();
    const software = { name: softwareName(), version: '3.1' };
    const inA = await softwareAssetOf(t.current, a, software);
    const inB = await softwareAssetOf(t.current, b, software);
    expect(inB).not.toBe(inA);
    expect(await walk(a, 'kind=software')).toEqual([inA]);
    expect(await walk(b, 'archived=include')).toEqual([inB]);
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
