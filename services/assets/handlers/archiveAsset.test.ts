import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { assetOf, auditedActions, assetEventTypes, taggedImage } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/assets/{id}/archive ($profile)', (profile) => {
  const t = useTestApp(profile);
  const archive = (token: string, id: string, body: unknown) => t.current.call('POST', `/api/v1/assets/${id}/archive`, { token, body });
  const read = (tenant: TestTenant, id: string) => t.current.call('GET', `/api/v1/assets/${id}`, { token: tenant.owner.token });

  it('archives with the reason, audited and announced once; archiving again keeps the first archive', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const image = taggedImage();
    const id = await assetOf(t.current, tenant, image);

    const archived = await archive(tenant.owner.token, id, { reason: '  replaced by app-v2  ' });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id, archive_reason: 'replaced by app-v2' });
    expect(Date.parse(archived.body.archived_at)).not.toBeNaN();
    expect((await read(tenant, id)).body).toEqual(archived.body);

    expect(await auditedActions(t.current, tenant, 'asset.archived')).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { asset_id: id, reference: image, reason: 'replaced by app-v2' } }),
    ]);
    expect(await assetEventTypes(t.current, tenant)).toEqual(['asset.created', 'asset.archived']);

    const again = await archive(tenant.owner.token, id, { reason: 'another reason' });
    expect(again.status).toBe(200);
    expect(again.raw).toBe(archived.raw);
    expect(await auditedActions(t.current, tenant, 'asset.archived')).toHaveLength(1);
    expect(await assetEventTypes(t.current, tenant)).toEqual(['asset.created', 'asset.archived']);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it('records an API key as the machine actor it is', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const { id: keyId, key } = await t.current.apiKey(tenant.owner, ['assets:write']);
    expect((await archive(key, id, { reason: 'end of life' })).status).toBe(200);
    const [event] = await auditedActions(t.current, tenant, 'asset.archived');
    expect(event!.actor).toEqual({ kind: 'api_key', id: keyId });
    const { rows } = await t.current.db.query<{ actor: unknown }>("SELECT value->'actor' AS actor FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'asset.archived'", [tenant.id]);
    expect(rows).toEqual([{ actor: { kind: 'api_key', id: keyId } }]);
  });

  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
  ])('refuses %s with 400, changing and recording nothing', async (_case, body) => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const before = await t.current.snapshot(tenant);
    const refused = await archive(tenant.owner.token, id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    expect((await read(tenant, id)).body.archived_at).toBeNull();
    expect(await t.current.snapshot(tenant)).toEqual(before);
  });

  it("answers another tenant's asset exactly like a missing one, and leaves it in use", async () => {
    const [a, b] = await t.current.twoTenants();
    const id = await assetOf(t.current, a);
    const before = await t.current.snapshot(a);
    const callerBefore = await t.current.snapshot(b);
    const foreign = await archive(b.owner.token, id, { reason: 'not mine' });
    const missing = await archive(b.owner.token, randomUUID(), { reason: 'not mine' });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await read(a, id)).body.archived_at).toBeNull();
    expect(await t.current.snapshot(a)).toEqual(before);
    expect(await t.current.snapshot(b)).toEqual(callerBefore);
  });

  it('still accepts scans of an archived image, which stays archived', async () => {
    const [tenant] = await t.current.twoTenants();
    const image = taggedImage();
    const id = await assetOf(t.current, tenant, image);
    await archive(tenant.owner.token, id, { reason: 'retired' });
    expect(await assetOf(t.current, tenant, image)).toBe(id);
    expect((await read(tenant, id)).body.archive_reason).toBe('retired');
  });
});
