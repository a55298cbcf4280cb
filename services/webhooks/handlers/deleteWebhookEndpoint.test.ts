import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { deliveryTo, expectForeignAnsweredAsMissing, registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/webhooks/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const remove = (token: string, id: string) => t.current.call('DELETE', `/api/v1/webhooks/${id}`, { token });

  it('deletes the endpoint with its delivery history, audited, touching no other tenant', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    await deliveryTo(t.current, tenant, endpoint.id);
    const neighbourBefore = await t.current.snapshot(neighbour);

    expect((await remove(tenant.owner.token, endpoint.id)).status).toBe(204);
    expect((await t.current.call('GET', `/api/v1/webhooks/${endpoint.id}`, { token: tenant.owner.token })).status).toBe(404);
    expect((await t.current.call('GET', '/api/v1/webhooks/deliveries', { token: tenant.owner.token })).body.deliveries).toEqual([]);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=webhook_endpoint.deleted', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { endpoint_id: endpoint.id, url: endpoint.url } })]);
    expect((await remove(tenant.owner.token, endpoint.id)).status).toBe(404);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it("answers another tenant's endpoint exactly like a missing one, and leaves it in place", async () => {
    const [owner, other] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, remove, endpoint.id);
  });
});
