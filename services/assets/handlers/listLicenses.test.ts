import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { allPages, assetOf, taggedImage } from '../testing/fixtures.js';

interface Licence {
  id: string;
  license: string;
  asset_id: string;
  scan_id: string;
  package: string | null;
}

// trivy/license-cyclonedx.json reports three packages, one licence each.
const reportedLicences = ['BSD-3-Clause', 'EPL-1.0', 'MIT License'];

describe.each(handlerTestProfiles)('GET /api/v1/licenses ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, query = '') => t.current.call('GET', `/api/v1/licenses${query}`, { token });

  /** Imports the licence report for the image; its licences are recorded with the import. Answers the scan. */
  async function importLicences(tenant: TestTenant, image: string): Promise<{ id: string; asset_id: string }> {
    const imported = await t.current.call('POST', '/api/v1/scans/import', {
      token: tenant.owner.token,
      body: { image, format: 'trivy', report: readReportFixture('trivy/license-cyclonedx.json') },
    });
    expect(imported.status).toBe(202);
    return imported.body;
  }

  async function walk(token: string, query: string): Promise<Licence[]> {
    const { items, pages } = await allPages<Licence>(t.current, token, `/api/v1/licenses?${query}`);
    expect(pages.every((page) => page.page.stable === false)).toBe(true);
    return items;
  }

  it("lists the organization's licences by name across its assets, each once across pages", async () => {
    const [tenant] = await t.current.twoTenants();
    const first = await importLicences(tenant, taggedImage());
    const second = await importLicences(tenant, taggedImage());

    const items = await walk(tenant.owner.token, 'limit=4');
    expect(items.map((item) => item.license)).toEqual(reportedLicences.flatMap((licence) => [licence, licence]));
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
    expect(items.filter((item) => item.asset_id === first.asset_id).map((item) => item.scan_id)).toEqual([first.id, first.id, first.id]);
    expect(items.find((item) => item.license === 'MIT License' && item.asset_id === second.asset_id)).toMatchObject({ package: 'org.slf4j:slf4j-api' });
    expect((await list(tenant.owner.token, '?limit=4')).body).toMatchObject({ total: 6, has_more: true, page: { limit: 4 } });
  });

  it('filters by licence and by asset, binding the cursor to the filters', async () => {
    const [tenant] = await t.current.twoTenants();
    const first = await importLicences(tenant, taggedImage());
    await importLicences(tenant, taggedImage());

    const mit = await walk(tenant.owner.token, `license=${encodeURIComponent('MIT License')}`);
    expect(mit.map((item) => item.license)).toEqual(['MIT License', 'MIT License']);
    const ofFirst = await walk(tenant.owner.token, `asset_id=${first.asset_id}&limit=1`);
    expect(ofFirst.map((item) => item.license)).toEqual(reportedLicences);

    const filtered = await list(tenant.owner.token, `?asset_id=${first.asset_id}&limit=1`);
    const unfiltered = await list(tenant.owner.token, `?limit=1&cursor=${filtered.body.next_cursor}`);
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.body).toEqual({ error: 'invalid or expired cursor', code: 'validation_failed' });
  });

  it('holds what the latest scan of each asset reported', async () => {
    const [tenant] = await t.current.twoTenants();
    const image = taggedImage();
    await importLicences(tenant, image);
    const latest = await importLicences(tenant, image);
    const items = await walk(tenant.owner.token, '');
    expect(items.map((item) => [item.license, item.scan_id])).toEqual(reportedLicences.map((licence) => [licence, latest.id]));
  });

  it('returns no row of another tenant, not even for its asset id', async () => {
    const [a, b] = await t.current.twoTenants();
    const image = taggedImage();
    const inA = await importLicences(a, image);
    const inB = await importLicences(b, image);
    await assetOf(t.current, b);

    const seenByB = await walk(b.owner.token, '');
    expect(seenByB.map((item) => item.asset_id)).toEqual([inB.asset_id, inB.asset_id, inB.asset_id]);
    expect((await list(b.owner.token, `?asset_id=${inA.asset_id}`)).body).toMatchObject({ items: [], total: 0, has_more: false });
  });

  it('is readable with findings:read alone', async () => {
    const [tenant] = await t.current.twoTenants();
    await importLicences(tenant, taggedImage());
    const { key } = await t.current.apiKey(tenant.owner, ['findings:read']);
    expect((await walk(key, '')).map((item) => item.license)).toEqual(reportedLicences);
  });
});
