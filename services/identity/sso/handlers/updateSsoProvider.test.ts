import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { newSigningKey } from '../testing/saml-idp.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/identity/sso/providers/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  const oidcProvider = async (tenant: TestTenant) =>
    (await t.current.call('POST', '/api/v1/identity/sso/providers', {
      token: tenant.owner.token,
      body: { protocol: 'oidc', name: 'Okta', oidc: { issuer: 'https://acme.okta.example.com', client_id: 'c', client_secret: 'first-secret' } },
    })).body;
  const patch = (tenant: TestTenant, id: string, body: unknown) => t.current.call('PATCH', `/api/v1/identity/sso/providers/${id}`, { token: tenant.owner.token, body });
  const trail = async (tenant: TestTenant, action: string) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events as Array<{ detail: Record<string, unknown> }>;

  it('changes only what is sent, settings inside oidc included, and audits which fields changed', async () => {
    const tenant = await t.current.tenant();
    const provider = await oidcProvider(tenant);
    const changed = await patch(tenant, provider.id, { jit_provisioning: true, default_role: 'admin', oidc: { groups_claim: 'roles' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ jit_provisioning: true, default_role: 'admin', oidc: { issuer: 'https://acme.okta.example.com', client_id: 'c', client_secret_set: true, groups_claim: 'roles' } });
    expect((await trail(tenant, 'sso_provider.updated'))[0]!.detail.changed).toEqual(['jit_provisioning', 'default_role', 'oidc.groups_claim']);
  });

  it('replaces or removes the client secret, recording that it changed but never its value', async () => {
    const tenant = await t.current.tenant();
    const provider = await oidcProvider(tenant);
    const sealed = async () => (await t.current.db.query<{ s: Uint8Array | null }>('SELECT sealed_secret AS s FROM sso_providers WHERE id = $1', [provider.id])).rows[0]!.s;
    const before = Buffer.from((await sealed())!).toString();
    await patch(tenant, provider.id, { oidc: { client_secret: 'second-secret' } });
    expect(Buffer.from((await sealed())!).toString()).not.toBe(before);
    const removed = await patch(tenant, provider.id, { oidc: { client_secret: null } });
    expect(removed.body.oidc.client_secret_set).toBe(false);
    expect(await sealed()).toBeNull();
    const updates = await trail(tenant, 'sso_provider.updated');
    expect(updates.map((event) => event.detail.changed)).toEqual([['oidc.client_secret'], ['oidc.client_secret']]);
    expect(JSON.stringify(updates)).not.toMatch(/first-secret|second-secret/);
  });

  it('records enforcement switched on and off, and disabling an enforcing provider as enforcement off', async () => {
    const tenant = await t.current.tenant();
    const provider = await oidcProvider(tenant);
    await patch(tenant, provider.id, { enforced: true });
    await patch(tenant, provider.id, { enabled: false });
    await patch(tenant, provider.id, { enabled: true });
    await patch(tenant, provider.id, { enforced: false });
    expect((await trail(tenant, 'sso_enforcement.enabled')).length).toBe(2);
    expect((await trail(tenant, 'sso_enforcement.disabled')).length).toBe(2);
  });

  it('records nothing for a request that changes nothing', async () => {
    const tenant = await t.current.tenant();
    const provider = await oidcProvider(tenant);
    const same = await patch(tenant, provider.id, { name: 'Okta', oidc: { client_id: 'c' } });
    expect(same.status).toBe(200);
    expect(same.body.updated_at).toBe(provider.updated_at);
    expect(await trail(tenant, 'sso_provider.updated')).toEqual([]);
  });

  it('replaces a SAML provider\'s certificates, and refuses OIDC settings on it', async () => {
    const tenant = await t.current.tenant();
    const [first, second] = [newSigningKey('First'), newSigningKey('Second')];
    const provider = (await t.current.call('POST', '/api/v1/identity/sso/providers', {
      token: tenant.owner.token,
      body: { protocol: 'saml', name: 'SAML', saml: { idp_entity_id: 'urn:idp', sso_url: 'https://idp.example.com/sso', certificates: [first.certificatePem] } },
    })).body;
    const rolled = await patch(tenant, provider.id, { saml: { certificates: [first.certificatePem, second.certificatePem], sp_entity_id: 'urn:sentinel' } });
    expect(rolled.body.saml.certificates.map((c: { subject: string }) => c.subject)).toEqual(['CN=First', 'CN=Second']);
    expect(rolled.body.service_provider.entity_id).toBe('urn:sentinel');
    const refused = await patch(tenant, provider.id, { oidc: { client_id: 'x' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('a saml provider takes no oidc settings');
  });

  it('refuses an invalid issuer, an owner default role and a name taken by another provider', async () => {
    const tenant = await t.current.tenant();
    const provider = await oidcProvider(tenant);
    expect((await patch(tenant, provider.id, { oidc: { issuer: 'https://10.0.0.5' } })).status).toBe(400);
    expect((await patch(tenant, provider.id, { default_role: 'owner' })).status).toBe(400);
    await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body: { protocol: 'oidc', name: 'Entra', oidc: { issuer: 'https://login.example.com', client_id: 'e' } } });
    expect((await patch(tenant, provider.id, { name: 'Entra' })).status).toBe(409);
  });
});
