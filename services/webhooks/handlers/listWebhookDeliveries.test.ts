import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { deliveryTo, registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /api/v1/webhooks/deliveries ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, query = '') => t.current.call('GET', `/api/v1/webhooks/deliveries${query}`, { token });

  it('lists deliveries newest first with their state, bounded by limit, to people and keys with webhooks:read', async () => {
    const tenant = await t.current.tenant();
    const first = await registerEndpoint(t.current, tenant.owner);
    const second = await registerEndpoint(t.current, tenant.owner, { events: ['verdict.recorded'] });
    const older = await deliveryTo(t.current, tenant, first.id, 'scan.completed');
    const newer = await deliveryTo(t.current, tenant, second.id, 'verdict.recorded');
    const { key } = await t.current.apiKey(tenant.owner, ['webhooks:read']);

    const response = await list(key);
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(50);
    const ids = response.body.deliveries.map((d: { id: string }) => d.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(response.body.deliveries.find((d: { id: string }) => d.id === older.id)).toEqual(older);
    expect(older).toMatchObject({ endpoint_id: first.id, event_type: 'scan.completed', status: 'pending', attempts: 0, max_attempts: 20, response_status: null, response_body: null, error: null });

    expect((await list(tenant.owner.token, '?limit=1')).body.deliveries.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect((await list(tenant.owner.token, '?limit=5000')).body.limit).toBe(200);
    expect((await list(tenant.owner.token, `?endpoint_id=${first.id}`)).body.deliveries.map((d: { id: string }) => d.id)).toEqual([older.id]);
    expect((await list(tenant.owner.token, '?status=delivered')).body.deliveries).toEqual([]);
  });

  it.each([['?limit=0'], ['?status=lost'], ['?endpoint_id=not-a-uuid']])('refuses %s with 400', async (query) => {
    const tenant = await t.current.tenant();
    expect((await list(tenant.owner.token, query)).status).toBe(400);
  });

  it("shows the second tenant none of the first tenant's deliveries, even filtering by the first tenant's endpoint", async () => {
    const [a, b] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, a.owner);
    await deliveryTo(t.current, a, endpoint.id);
    expect((await list(b.owner.token)).body.deliveries).toEqual([]);
    expect((await list(b.owner.token, `?endpoint_id=${endpoint.id}`)).body.deliveries).toEqual([]);
  });
});
