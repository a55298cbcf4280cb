import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { recordEndpointFailure } from '../endpoints.js';
import { deliveryTo, destination, expectForeignAnsweredAsMissing, registerEndpoint } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/webhooks/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  const update = (token: string, id: string, body: Record<string, unknown>) => t.current.call('PATCH', `/api/v1/webhooks/${id}`, { token, body });
  const actions = async (tenant: TestTenant) =>
    (await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).body.events.map((e: { action: string }) => e.action).filter((a: string) => a.startsWith('webhook_'));

  it('changes the URL and the subscriptions, audited once, and a request that changes nothing writes nothing', async () => {
    const tenant = await t.current.tenant();
    const endpoint = await registerEndpoint(t.current, tenant.owner, { events: ['scan.completed'] });
    const url = destination();
    const response = await update(tenant.owner.token, endpoint.id, { url, events: ['verdict.recorded'] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: endpoint.id, url, events: ['verdict.recorded'], enabled: true });
    expect(response.raw).not.toContain(endpoint.secret);
    expect((await update(tenant.owner.token, endpoint.id, { url, events: ['verdict.recorded'] })).status).toBe(200);

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=webhook_endpoint.updated', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { endpoint_id: endpoint.id, changes: { url, events: ['verdict.recorded'] } } })]);
  });

  it('checks a new URL again: a private destination is refused with 400 naming the class, changing nothing', async () => {
    const tenant = await t.current.tenant();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    const response = await update(tenant.owner.token, endpoint.id, { url: 'https://[::ffff:10.0.0.7]/hook' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'destination address class private is not allowed', code: 'validation_failed', address_class: 'private' });
    expect((await t.current.call('GET', `/api/v1/webhooks/${endpoint.id}`, { token: tenant.owner.token })).body.url).toBe(endpoint.url);
  });

  it('re-enables an automatically disabled endpoint: the failure count is cleared and its waiting deliveries are due at once', async () => {
    const tenant = await t.current.tenant();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    const waiting = await deliveryTo(t.current, tenant, endpoint.id);
    // The worker's own bookkeeping of three failed attempts, under a policy that disables at three.
    await t.current.db.transaction(async (tx) => {
      for (let failure = 0; failure < 3; failure++) await recordEndpointFailure(tx, tenant.id, endpoint.id, new Date(), { consecutiveFailures: 3, failingForMs: 0 });
      await tx.query("UPDATE webhook_deliveries SET next_attempt_at = now() + interval '1 hour' WHERE org_id = $1 AND id = $2", [tenant.id, waiting.id]);
    });
    const disabled = await t.current.call('GET', `/api/v1/webhooks/${endpoint.id}`, { token: tenant.owner.token });
    expect(disabled.body).toMatchObject({ enabled: false, disabled_reason: 'consecutive_failures', consecutive_failures: 3 });

    const before = Date.now();
    const enabled = await update(tenant.owner.token, endpoint.id, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
    const [delivery] = (await t.current.call('GET', `/api/v1/webhooks/deliveries?endpoint_id=${endpoint.id}`, { token: tenant.owner.token })).body.deliveries;
    expect(Date.parse(delivery.next_attempt_at)).toBeLessThanOrEqual(before + 1_000);

    const trail = (await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).body.events;
    expect(trail.find((e: { action: string }) => e.action === 'webhook_endpoint.disabled')).toMatchObject({ actor: { kind: 'system', id: null }, detail: { reason: 'consecutive_failures' } });
    expect(trail.find((e: { action: string }) => e.action === 'webhook_endpoint.enabled')).toMatchObject({
      actor: { kind: 'user', id: tenant.owner.id },
      detail: { endpoint_id: endpoint.id, previously_disabled_because: 'consecutive_failures' },
    });
  });

  it('disables by hand and re-enables, auditing each real change once', async () => {
    const tenant = await t.current.tenant();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    expect((await update(tenant.owner.token, endpoint.id, { enabled: false })).body).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect((await update(tenant.owner.token, endpoint.id, { enabled: false })).status).toBe(200);
    expect((await update(tenant.owner.token, endpoint.id, { enabled: true })).body).toMatchObject({ enabled: true, disabled_reason: null });
    expect(await actions(tenant)).toEqual(['webhook_endpoint.enabled', 'webhook_endpoint.disabled', 'webhook_endpoint.created']);
  });

  it('refuses an empty change and unknown fields with 400', async () => {
    const tenant = await t.current.tenant();
    const endpoint = await registerEndpoint(t.current, tenant.owner);
    expect((await update(tenant.owner.token, endpoint.id, {})).status).toBe(400);
    expect((await update(tenant.owner.token, endpoint.id, { secret: 'whsec_mine' })).status).toBe(400);
  });

  it("answers another tenant's endpoint exactly like a missing one, and changes nothing of it", async () => {
    const [owner, other] = await t.current.twoTenants();
    const endpoint = await registerEndpoint(t.current, owner.owner);
    await expectForeignAnsweredAsMissing(t.current, { owner, other }, (token, id) => update(token, id, { enabled: false }), endpoint.id);
  });
});
