import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { grantableScopes } from '../../platform/authorization/permissions.js';
import { activeSigningSecrets, signingSecretBox } from '../signing-secrets.js';
import { destinationsReaching, refusedAddresses, resolveFromTable } from '../../platform/egress/testing/address-notations.js';
import { destination } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('POST /api/v1/webhooks ($profile)', (profile) => {
  const t = useTestApp({ ...profile, resolveWebhookDestination: resolveFromTable });
  const create = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.current.call('POST', '/api/v1/webhooks', { token, body, headers });
  const endpointCount = async (orgId: string) =>
    (await t.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE org_id = $1', [orgId])).rows[0]!.n;

  it('registers the endpoint and shows its secret this once, sealed at rest', async () => {
    const tenant = await t.current.tenant();
    const url = `${destination()}?token=receiver-token`;
    const response = await create(tenant.owner.token, { url, events: ['scan.completed', 'verdict.recorded', 'scan.completed'] });
    expect(response.status).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({ url, events: ['scan.completed', 'verdict.recorded'], enabled: true, disabled_reason: null, consecutive_failures: 0, previous_secret_expires_at: null, created_by_user_id: tenant.owner.id });
    const { id, secret } = response.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const read = await t.current.call('GET', `/api/v1/webhooks/${id}`, { token: tenant.owner.token });
    expect(read.body).not.toHaveProperty('secret');
    const { rows } = await t.current.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM webhook_endpoints WHERE org_id = $1 AND id = $2', [tenant.id, id]);
    expect(rows[0]!.secret_ciphertext).not.toContain(secret.slice('whsec_'.length));
    const stored = { orgId: tenant.id, endpointId: id, secretCiphertext: rows[0]!.secret_ciphertext, previousSecretCiphertext: null, previousSecretExpiresAt: null };
    expect(activeSigningSecrets(signingSecretBox(t.current.webhookSecretKey), stored, new Date())).toEqual([secret]);
  });

  it('audits the registration with the person and request, without the secret or the query string, touching no other tenant', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const neighbourBefore = await t.current.snapshot(neighbour);
    const url = destination();
    const { body } = await create(tenant.owner.token, { url: `${url}?token=receiver-token`, events: ['finding.created'] }, { 'x-request-id': 'register-hook-1', 'user-agent': 'hooks-cli/1' });

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=webhook_endpoint.created', { token: tenant.owner.token });
    expect(trail.body.events).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: tenant.owner.id },
        request_id: 'register-hook-1',
        user_agent: 'hooks-cli/1',
        detail: { endpoint_id: body.id, url, events: ['finding.created'] },
      }),
    ]);
    const { rows } = await t.current.db.query("SELECT value FROM outbox_events WHERE org_id = $1 AND value->>'type' = 'webhook_endpoint.created'", [tenant.id]);
    expect(rows).toHaveLength(1);
    for (const written of [trail.raw, JSON.stringify(rows)]) {
      expect(written).not.toContain(body.secret);
      expect(written).not.toContain('receiver-token');
    }
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  // The SSRF table: every refused class in every notation, written into the URL
  // and behind a name that resolves to it. Nothing is registered or audited.
  it.each(refusedAddresses)('refuses $address ($addressClass) as a literal and behind a name, with 400 naming the class', async ({ addressClass, row }) => {
    const tenant = await t.current.tenant();
    const auditBefore = (await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).body.events.length;
    for (const url of destinationsReaching(row)) {
      const response = await create(tenant.owner.token, { url, events: ['scan.completed'] });
      expect(response.status, url).toBe(400);
      expect(response.body, url).toEqual({ error: `destination address class ${addressClass} is not allowed`, code: 'validation_failed', address_class: addressClass });
    }
    expect(await endpointCount(tenant.id)).toBe(0);
    expect((await t.current.call('GET', '/api/v1/identity/audit', { token: tenant.owner.token })).body.events).toHaveLength(auditBefore);
  });

  it.each([
    ['plain http', { url: 'http://hooks.example.com/hook', events: ['scan.completed'] }],
    ['a URL over 2048 characters', { url: `https://hooks.example.com/${'a'.repeat(2048)}`, events: ['scan.completed'] }],
    ['credentials in the URL', { url: 'https://user:pass@hooks.example.com/hook', events: ['scan.completed'] }],
    ['an unknown event type', { url: 'https://hooks.example.com/hook', events: ['scan.completed', 'scan.exploded'] }],
    ['no event type', { url: 'https://hooks.example.com/hook', events: [] }],
    ['no events field', { url: 'https://hooks.example.com/hook' }],
  ])('refuses %s with 400 and registers nothing', async (_what, body) => {
    const tenant = await t.current.tenant();
    const response = await create(tenant.owner.token, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(await endpointCount(tenant.id)).toBe(0);
  });

  it('is for people holding webhooks:manage: an analyst and an API key with every grantable scope get 403', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    const byAnalyst = await create(analyst.token, { url: destination(), events: ['scan.completed'] });
    expect(byAnalyst.body).toEqual({ error: 'missing permission webhooks:manage', code: 'forbidden', required_scope: 'webhooks:manage', principal: 'user' });
    const { key } = await t.current.apiKey(tenant.owner, Object.keys(grantableScopes));
    const byKey = await create(key, { url: destination(), events: ['scan.completed'] });
    expect(byKey.status).toBe(403);
    expect(byKey.body).toEqual({ error: 'missing permission webhooks:manage', code: 'forbidden', required_scope: 'webhooks:manage', principal: 'api_key' });
    const admin = await t.current.member(tenant, 'admin');
    expect((await create(admin.token, { url: destination(), events: ['scan.completed'] })).status).toBe(201);
    expect(await endpointCount(tenant.id)).toBe(1);
  });
});
