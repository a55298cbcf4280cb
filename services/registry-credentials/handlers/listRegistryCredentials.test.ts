import { afterAll, describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { expectNoResponseCarriedASecret, storeCredential, watchResponses } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/registry-credentials ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string) => {
    watchResponses(t.current);
    return t.current.call('GET', '/api/v1/registry-credentials', { token });
  };

  it("lists the organization's credentials by registry with their status, and nothing of another organization", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const second = await storeCredential(t.current, tenant.owner, { registry: 'zz.example.com' });
    const first = await storeCredential(t.current, tenant.owner, { registry: 'aa.example.com' });
    await storeCredential(t.current, other.owner, { registry: 'aa.example.com' });

    const { secret: firstSecret, ...firstView } = first;
    const { secret: secondSecret, ...secondView } = second;
    const listed = await list(tenant.owner.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ registry_credentials: [firstView, secondView] });
    expect(listed.raw).not.toContain(firstSecret);
    expect(listed.raw).not.toContain(secondSecret);
    expect((await list(other.owner.token)).body.registry_credentials.map((c: { id: string }) => c.id)).not.toContain(first.id);
    await t.current.expectNeighbourUntouched(first.id, second.id);
  });

  it('answers an analyst and an API key holding credentials:read, and refuses a viewer with 403', async () => {
    const tenant = await t.current.tenant();
    const stored = await storeCredential(t.current, tenant.owner);
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await list(analyst.token)).body.registry_credentials.map((c: { id: string }) => c.id)).toEqual([stored.id]);
    const { key } = await t.current.apiKey(tenant.owner, ['credentials:read']);
    expect((await list(key)).body.registry_credentials.map((c: { id: string }) => c.id)).toEqual([stored.id]);
    const viewer = await t.current.member(tenant, 'viewer');
    const refused = await list(viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'credentials:read', principal: 'user' });
  });

  afterAll(() => expectNoResponseCarriedASecret());
});
