import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { assetOf, pinnedImage, softwareAssetOf, softwareName } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/assets/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('answers the asset, a digest-pinned one distinguishable from a tag', async () => {
    const [tenant] = await t.current.twoTenants();
    const image = pinnedImage();
    const id = await assetOf(t.current, tenant, image);
    const response = await t.current.call('GET', `/api/v1/assets/${id}`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, reference: image, pinned: true, tag: null, last_scanned_at: null, archived_at: null });
    expect(response.body.reference).toBe(`${response.body.registry}/${response.body.repository}@${response.body.digest}`);
  });

  it('answers a named software asset with its kind, name and version, and no image parts', async () => {
    const [tenant] = await t.current.twoTenants();
    const name = softwareName();
    const id = await softwareAssetOf(t.current, tenant, { name, version: '2.0.0-rc.1' });
    const response = await t.current.call('GET', `/api/v1/assets/${id}`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, kind: 'software', name, version: '2.0.0-rc.1', registry: null, repository: null, tag: null, digest: null, pinned: false });
    expect(response.body.reference).toBe(`software:${encodeURIComponent(name)}@2.0.0-rc.1`);
    const image = await t.current.call('GET', `/api/v1/assets/${await assetOf(t.current, tenant)}`, { token: tenant.owner.token });
    expect(image.body).toMatchObject({ kind: 'image', name: null, version: null });
  });

  it("answers another tenant's asset, image or software, exactly like a missing one", async () => {
    const [a, b] = await t.current.twoTenants();
    const missing = await t.current.call('GET', `/api/v1/assets/${randomUUID()}`, { token: b.owner.token });
    expect(missing.status).toBe(404);
    for (const id of [await assetOf(t.current, a), await softwareAssetOf(t.current, a)]) {
      const foreign = await t.current.call('GET', `/api/v1/assets/${id}`, { token: b.owner.token });
      expect(foreign.raw).toBe(missing.raw);
      expect((await t.current.call('GET', `/api/v1/assets/${id}`, { token: a.owner.token })).status).toBe(200);
    }
  });
});
