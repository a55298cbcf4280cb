import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, TEST_PUBLIC_URL, useTestApp } from '../../../../test/support/test-app.js';
import { secretAssociatedData } from '../providers.js';
import { configuredSecretBox } from '../../../platform/crypto/secret-box.js';
import { newSigningKey } from '../testing/saml-idp.js';

const oidcBody = (fields: Record<string, unknown> = {}) => ({
  protocol: 'oidc',
  name: `Okta ${Math.random().toString(16).slice(2, 8)}`,
  oidc: { issuer: 'https://acme.okta.example.com', client_id: 'sentinel-client', client_secret: 'the-client-secret-value', groups_claim: 'groups' },
  ...fields,
});

describe.each(handlerTestProfiles)('POST /api/v1/identity/sso/providers ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const key = newSigningKey('Acme IdP');

  it('configures an OIDC provider: the secret sealed and never answered, what the IdP needs shown, audited', async () => {
    const tenant = await t.current.tenant();
    const body = oidcBody();
    const created = await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      protocol: 'oidc',
      name: body.name,
      enabled: true,
      enforced: false,
      jit_provisioning: false,
      default_role: 'viewer',
      oidc: { issuer: 'https://acme.okta.example.com', client_id: 'sentinel-client', client_secret_set: true, scopes: ['openid', 'email', 'profile'], groups_claim: 'groups' },
      saml: null,
      service_provider: { start_url: `${TEST_PUBLIC_URL}/api/v1/auth/sso/${created.body.id}/start`, redirect_uri: `${TEST_PUBLIC_URL}/api/v1/auth/sso/oidc/callback` },
    });
    expect(created.raw).not.toContain('the-client-secret-value');

    const { rows } = await t.current.db.query<{ sealed_secret: Uint8Array; settings: unknown }>('SELECT sealed_secret, settings FROM sso_providers WHERE id = $1', [created.body.id]);
    const sealed = Buffer.from(rows[0]!.sealed_secret).toString('utf8');
    expect(sealed).not.toContain('the-client-secret-value');
    expect(JSON.stringify(rows[0]!.settings)).not.toContain('the-client-secret-value');
    expect(configuredSecretBox(t.current.webhookSecretKey).open(sealed, secretAssociatedData(tenant.id, created.body.id)).toString()).toBe('the-client-secret-value');

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=sso_provider.created', { token: tenant.owner.token });
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0].detail).toMatchObject({ sso_provider_id: created.body.id, protocol: 'oidc', settings: { issuer: 'https://acme.okta.example.com', client_authentication: 'client_secret_post' } });
    expect(JSON.stringify(trail.body)).not.toContain('the-client-secret-value');
  });

  it('configures a SAML provider from its entity id, SSO URL and certificate (PEM or its base64 body), showing the SP endpoints', async () => {
    const tenant = await t.current.tenant();
    const bareBody = key.certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    const created = await t.current.call('POST', '/api/v1/identity/sso/providers', {
      token: tenant.owner.token,
      body: { protocol: 'saml', name: 'ADFS', jit_provisioning: true, default_role: 'analyst', saml: { idp_entity_id: 'http://adfs.acme.example.com/adfs/services/trust', sso_url: 'https://adfs.acme.example.com/adfs/ls/', certificates: [bareBody] } },
    });
    expect(created.status).toBe(201);
    const base = `${TEST_PUBLIC_URL}/api/v1/auth/sso/${created.body.id}`;
    expect(created.body.service_provider).toEqual({ start_url: `${base}/start`, acs_url: `${base}/saml/acs`, entity_id: `${base}/saml/metadata`, metadata_url: `${base}/saml/metadata` });
    expect(created.body.saml).toMatchObject({ sp_entity_id: `${base}/saml/metadata`, groups_attribute: null, email_attribute: null });
    expect(created.body.saml.certificates).toEqual([
      { pem: expect.stringContaining('-----BEGIN CERTIFICATE-----'), sha256_fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/), subject: 'CN=Acme IdP', not_before: expect.any(String), not_after: expect.any(String) },
    ]);
  });

  it('records enforcement being switched on', async () => {
    const tenant = await t.current.tenant();
    const created = await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body: oidcBody({ enforced: true }) });
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=sso_enforcement.enabled', { token: tenant.owner.token });
    expect(trail.body.events.map((event: { detail: { sso_provider_id: string } }) => event.detail.sso_provider_id)).toEqual([created.body.id]);
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an issuer that is not https', oidcBody({ oidc: { issuer: 'http://idp.example.com', client_id: 'x' } }), /oidc.issuer .*https/],
    ['an issuer with a query', oidcBody({ oidc: { issuer: 'https://idp.example.com/?tenant=1', client_id: 'x' } }), /oidc.issuer must have no query/],
    ['an issuer on a loopback address', oidcBody({ oidc: { issuer: 'https://127.0.0.1:8443', client_id: 'x' } }), /oidc.issuer .*loopback/],
    ['an issuer on a private name', oidcBody({ oidc: { issuer: 'https://idp.corp.internal', client_id: 'x' } }), /oidc.issuer .*private/],
    ['an issuer that is no URL', oidcBody({ oidc: { issuer: 'acme okta', client_id: 'x' } }), /oidc.issuer is not a URL/],
    ['scopes without openid', oidcBody({ oidc: { issuer: 'https://idp.example.com', client_id: 'x', scopes: ['email'] } }), /oidc.scopes must include openid/],
    ['a certificate that does not parse', { protocol: 'saml', name: 'Bad', saml: { idp_entity_id: 'e', sso_url: 'https://idp.example.com/sso', certificates: ['MIIBnotacertificate'] } }, /saml.certificates\[0\] is not a parsable X.509 certificate/],
    ['an owner default role', oidcBody({ default_role: 'owner' }), /default_role must be one of admin, analyst, viewer/],
    ['SAML settings on an OIDC provider', { ...oidcBody(), saml: { idp_entity_id: 'e', sso_url: 'https://x.example.com', certificates: ['x'] } }, /unknown property "saml"/],
  ];

  it.each(invalid)('refuses %s with 400 naming the problem', async (_what, body, message) => {
    const tenant = await t.current.tenant();
    const refused = await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(message);
    expect((await t.current.call('GET', '/api/v1/identity/sso/providers', { token: tenant.owner.token })).body.providers).toEqual([]);
  });

  it('refuses a second provider of the same name (409), and is for owners only (403 for an admin)', async () => {
    const tenant = await t.current.tenant();
    const body = oidcBody();
    expect((await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body })).status).toBe(201);
    expect((await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body })).status).toBe(409);
    const admin = await t.current.member(tenant, 'admin');
    const refused = await t.current.call('POST', '/api/v1/identity/sso/providers', { token: admin.token, body: oidcBody() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'identity:manage' });
  });

  it('keeps several providers per organization, and another organization sees none of them', async () => {
    const [a, b] = await t.current.twoTenants();
    for (const name of ['Okta', 'Entra ID']) await t.current.call('POST', '/api/v1/identity/sso/providers', { token: a.owner.token, body: oidcBody({ name }) });
    expect((await t.current.call('GET', '/api/v1/identity/sso/providers', { token: a.owner.token })).body.providers.map((p: { name: string }) => p.name)).toEqual(['Okta', 'Entra ID']);
    expect((await t.current.call('GET', '/api/v1/identity/sso/providers', { token: b.owner.token })).body.providers).toEqual([]);
  });
});
