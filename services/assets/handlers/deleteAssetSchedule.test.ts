import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { assetOf } from '../testing/fixtures.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/assets/{id}/schedule ($profile)', (profile) => {
  const t = useTestApp(profile);
  const remove = (token: string, id: string) => t.current.call('DELETE', `/api/v1/assets/${id}/schedule`, { token });
  const scheduled = async (tenant: TestTenant) => {
    const id = await assetOf(t.current, tenant);
    await t.current.call('PUT', `/api/v1/assets/${id}/schedule`, { token: tenant.owner.token, body: { interval_hours: 6, scanners: ['trivy'] } });
    return id;
  };

  it('stops the schedule; then the schedule is not found, like any asset without one', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await scheduled(tenant);
    expect((await remove(tenant.owner.token, id)).status).toBe(204);
    const missing = await remove(tenant.owner.token, randomUUID());
    expect(missing.status).toBe(404);
    expect((await remove(tenant.owner.token, id)).raw).toBe(missing.raw);
    expect((await t.current.call('GET', `/api/v1/assets/${id}/schedule`, { token: tenant.owner.token })).raw).toBe(missing.raw);
    expect((await t.current.call('GET', `/api/v1/assets/${id}`, { token: tenant.owner.token })).status).toBe(200);
  });

  it("answers another tenant's schedule exactly like a missing one, and leaves it running", async () => {
    const [a, b] = await t.current.twoTenants();
    const id = await scheduled(a);
    const foreign = await remove(b.owner.token, id);
    const missing = await remove(b.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect((await t.current.call('GET', `/api/v1/assets/${id}/schedule`, { token: a.owner.token })).status).toBe(200);
  });
});
