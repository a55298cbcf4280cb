import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, TEST_PUBLIC_URL, useTestApp } from '../../../../test/support/test-app.js';
import { createTestSamlIdp } from '../testing/saml-idp.js';
import { createSamlProvider } from '../testing/sign-in.js';

describe.each(handlerTestProfiles)('GET /api/v1/auth/sso/{providerId}/saml/metadata ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('serves the service-provider metadata the identity provider imports: entity id, ACS over HTTP-POST, email NameID', async () => {
    const tenant = await t.current.tenant();
    const provider = await createSamlProvider(t.current, tenant, createTestSamlIdp(), { enabled: false });
    const response = await t.current.call('GET', `/api/v1/auth/sso/${provider.id}/saml/metadata`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
    const base = `${TEST_PUBLIC_URL}/api/v1/auth/sso/${provider.id}`;
    expect(response.raw).toContain(`entityID="${base}/saml/metadata"`);
    expect(response.raw).toMatch(new RegExp(`<AssertionConsumerService [^>]*Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"[^>]*Location="${base}/saml/acs"`));
    expect(response.raw).toContain('<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>');
  });

  it('answers 404 for an OIDC provider and an unknown id', async () => {
    const tenant = await t.current.tenant();
    const oidc = await t.current.call('POST', '/api/v1/identity/sso/providers', { token: tenant.owner.token, body: { protocol: 'oidc', name: 'O', oidc: { issuer: 'https://idp.example.com', client_id: 'c' } } });
    const statuses = [(await t.current.call('GET', `/api/v1/auth/sso/${oidc.body.id}/saml/metadata`)).status, (await t.current.call('GET', '/api/v1/auth/sso/0190c3c6-7c6a-7000-8000-000000000000/saml/metadata')).status];
    expect(statuses).toEqual([404, 404]);
  });
});
