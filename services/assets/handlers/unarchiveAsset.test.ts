import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { assetOf, auditedActions, assetEventTypes, taggedImage } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/assets/{id}/unarchive ($profile)', (profile) => {
  const t = useTestApp(profile);
  const unarchive = (token: string, id: string) => t.current.call('POST', `/api/v1/assets/${id}/unarchive`, { token });

  it('returns an archived asset to use and to the default listing, audited and announced', async () => {
    const [tenant] = await t.current.twoTenants();
    const image = taggedImage();
    const id = await assetOf(t.current, tenant, image);
    await t.current.call('POST', `/api/v1/assets/${id}/archive`, { token: tenant.owner.token, body: { reason: 'paused' } });

    const restored = await unarchive(tenant.owner.token, id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, archived_at: null, archive_reason: null });
    const listed = await t.current.call('GET', '/api/v1/assets', { token: tenant.owner.token });
    expect(listed.body.items.map((asset: { id: string }) => asset.id)).toEqual([id]);
    expect(await auditedActions(t.current, tenant, 'asset.unarchived')).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { asset_id: id, reference: image, previous_reason: 'paused' } }),
    ]);
    expect(await assetEventTypes(t.current, tenant)).toEqual(['asset.created', 'asset.archived', 'asset.unarchived']);
  });

  it('answers an asset in use as it is, recording nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const before = await t.current.snapshot(tenant);
    const response = await unarchive(tenant.owner.token, id);
    expect(response.status).toBe(200);
    expect(response.body.archived_at).toBeNull();
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  it("answers another tenant's asset exactly like a missing one, and leaves it archived", async () => {
    const [a, b] = await t.current.twoTenants();
    const id = await assetOf(t.current, a);
    await t.current.call('POST', `/api/v1/assets/${id}/archive`, { token: a.owner.token, body: { reason: 'kept archived' } });
    const before = await t.current.snapshot(a);
    const foreign = await unarchive(b.owner.token, id);
    const missing = await unarchive(b.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await t.current.call('GET', `/api/v1/assets/${id}`, { token: a.owner.token })).body.archive_reason).toBe('kept archived');
    expect(await t.current.snapshot(a)).toEqual(before);
  });
});
