import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { createTestSamlIdp } from '../testing/saml-idp.js';
import { createSamlProvider, outcomeOf, RETURN_URL } from '../testing/sign-in.js';

describe.each(handlerTestProfiles)('GET /api/v1/auth/sso/{providerId}/start ($profile)', (profile) => {
  // Issuer names resolve to a loopback address, which the egress policy must refuse (private issuers are not allowed here).
  const t = useTestApp({ ...profile, resolveSsoIssuer: async () => [{ address: '127.0.0.1', family: 4 }] });
  expectNeighbourUntouchedAfterEach(t);
  const idp = createTestSamlIdp();
  const start = (providerId: string, returnTo?: string) =>
    t.current.call('GET', `/api/v1/auth/sso/${providerId}/start${returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`}`);
  const oidcProvider = async (tenant: TestTenant) =>
    (await t.current.call('POST', '/api/v1/identity/sso/providers', {
      token: tenant.owner.token,
      body: { protocol: 'oidc', name: 'Rebinding IdP', oidc: { issuer: 'https://idp.rebinding.example.com', client_id: 'c' } },
    })).body;

  it('sends the browser to the SAML provider with an AuthnRequest and a RelayState, and records the pending sign-in', async () => {
    const tenant = await t.current.tenant();
    const provider = await createSamlProvider(t.current, tenant, idp);
    const response = await start(provider.id);
    expect(response.status).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(idp.ssoUrl);
    expect(location.searchParams.get('RelayState')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    const { rows } = await t.current.db.query<{ org_id: string; return_to: string; saml_request_id: string; minutes: number }>(
      'SELECT org_id, return_to, saml_request_id, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sso_pending_sign_ins WHERE sso_provider_id = $1',
      [provider.id],
    );
    expect(rows).toEqual([{ org_id: tenant.id, return_to: RETURN_URL, saml_request_id: expect.stringMatching(/^_[0-9a-f]{40}$/), minutes: 10 }]);
  });

  it('goes back only to a permitted return address: same origin and path (a loopback one on any port), else 400', async () => {
    const tenant = await t.current.tenant();
    const provider = await createSamlProvider(t.current, tenant, idp);
    expect((await start(provider.id, 'https://dashboard.example.test/sign-in/complete?next=%2Ffindings')).status).toBe(302);
    expect((await start(provider.id, 'http://127.0.0.1:43123/cli-callback')).status).toBe(302);
    for (const refused of ['https://evil.test/sign-in/complete', 'https://dashboard.example.test/elsewhere', 'http://dashboard.example.test/sign-in/complete', 'https://dashboard.example.test:8443/sign-in/complete', 'https://user@dashboard.example.test/sign-in/complete', '/sign-in/complete', 'javascript:alert(1)']) {
      const response = await start(provider.id, refused);
      expect(response.status, refused).toBe(400);
      expect(response.body.error).toBe('return_to is not one of the return addresses this deployment permits (SIGN_IN_RETURN_URL, SSO_RETURN_URLS)');
    }
  });

  it('answers 404 for an unknown provider and a disabled one', async () => {
    const tenant = await t.current.tenant();
    const provider = await createSamlProvider(t.current, tenant, idp, { enabled: false });
    const missing = await start('0190c3c6-7c6a-7000-8000-000000000000');
    const disabled = await start(provider.id);
    expect([missing.status, disabled.status]).toEqual([404, 404]);
    expect(disabled.raw).toBe(missing.raw);
  });

  it('never calls an issuer the egress policy refuses (a name resolving to loopback): back with provider_unavailable, recorded', async () => {
    const tenant = await t.current.tenant();
    const provider = await oidcProvider(tenant);
    const response = await start(provider.id);
    expect(outcomeOf(String(response.headers.location))).toEqual({ returnedTo: RETURN_URL, error: 'provider_unavailable' });
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=sso.sign_in_failed', { token: tenant.owner.token });
    expect(trail.body.events[0].detail).toMatchObject({ sso_provider_id: provider.id, reason: expect.stringContaining('loopback') });
    expect((await t.current.db.query('SELECT 1 FROM sso_pending_sign_ins WHERE sso_provider_id = $1', [provider.id])).rows).toEqual([]);
  });
});

describe.each(handlerTestProfiles)('the sign-in routes share the authentication routes\' limit per source address ($profile)', (profile) => {
  const t = useTestApp(profile);
  const low = useTestApp(() => ({ ...profile, sharing: t.current, rateLimit: { authPerMinute: 3 }, trustedProxies: ['127.0.0.1'] }));

  it('answers 429 once the address has spent its budget on them and the other authentication routes together', async () => {
    const tenant = await t.current.tenant();
    const provider = await createSamlProvider(t.current, tenant, createTestSamlIdp());
    const from = { 'x-forwarded-for': '198.51.100.7' };
    const statuses = [
      (await low.current.call('GET', `/api/v1/auth/sso/${provider.id}/start`, { headers: from })).status,
      (await low.current.call('POST', '/api/v1/auth/login', { headers: from, body: { email: 'nobody@example.test', password: 'wrong' } })).status,
      (await low.current.call('POST', '/api/v1/auth/sso/discover', { headers: from, body: { email: 'someone@example.test' } })).status,
      (await low.current.call('GET', `/api/v1/auth/sso/${provider.id}/start`, { headers: from })).status,
    ];
    expect(statuses).toEqual([302, 401, 200, 429]);
    // Another address has its own budget.
    expect((await low.current.call('GET', `/api/v1/auth/sso/${provider.id}/start`, { headers: { 'x-forwarded-for': '198.51.100.8' } })).status).toBe(302);
  });
});
