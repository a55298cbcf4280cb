import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { deliveryTo, expectForeignAnsweredAsMissing, registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/webhooks/deliveries/{id}/redeliver ($profile)', (profile) => {
  const t = useTestApp(profile);
  const redeliver = (token: string, id: string) => t.current.call('POST', `/api/v1/webhooks/deliveries/${id}/redeliver`, { token });

  it('queues a new delivery of the same event and body to the same endpoint, audited', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    const original = await deliveryTo(t.current, tenant, endpoint.id);
    const neighbourBefore = await t.current.snapshot(neighbour);

    const response = await redeliver(tenant.owner.token, original.id);
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ endpoint_id: endpoint.id, event_id: original.event_id, status: 'pending', attempts: 0, redelivery_of: original.id });
    expect(response.body.id).not.toBe(original.id);
    const bodies = await t.current.db.query<{ payload: string }>('SELECT payload FROM webhook_deliveries WHERE org_id = $1 AND id = ANY($2::uuid[])', [tenant.id, [original.id, response.body.id]]);
    expect(new Set(bodies.rows.map((r) => r.payload)).size).toBe(1);

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=webhook_delivery.redelivered', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: tenant.owner.id },
        detail: { delivery_id: response.body.id, redelivery_of: original.id, endpoint_id: endpoint.id, event_id: original.event_id },
      }),
    ]);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it('refuses with 409 while the endpoint is disabled, queuing nothing', async () => {
    const tenant = await t.current.tenant();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    const original = await deliveryTo(t.current, tenant, endpoint.id);
    await t.current.call('PATCH', `/api/v1/webhooks/${endpoint.id}`, { token: tenant.owner.token, body: { enabled: false } });
    const response = await redeliver(tenant.owner.token, original.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'the endpoint is disabled: enable it before redelivering', code: 'conflict' });
    expect((await t.current.call('GET', '/api/v1/webhooks/deliveries', { token: tenant.owner.token })).body.deliveries).toHaveLength(1);
  });

  it("answers another tenant's delivery exactly like a missing one, queuing nothing", async () => {
    const [owner, other] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, owner.owner);
    const delivery = await deliveryTo(t.current, owner, endpoint.id);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, redeliver, delivery.id);
    expect((await t.current.call('GET', '/api/v1/webhooks/deliveries', { token: other.owner.token })).body.deliveries).toEqual([]);
  });
});
