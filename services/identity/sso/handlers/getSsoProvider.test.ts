import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/sso/providers/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('answers the provider to identity:read (an admin, a key), never its secret; another organization gets 404', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const created = await t.current.call('POST', '/api/v1/identity/sso/providers', {
      token: tenant.owner.token,
      body: { protocol: 'oidc', name: 'Okta', oidc: { issuer: 'https://acme.okta.example.com', client_id: 'c', client_secret: 'do-not-show' } },
    });
    const admin = await t.current.member(tenant, 'admin');
    const { key } = await t.current.apiKey(tenant.owner, ['identity:read']);
    for (const token of [tenant.owner.token, admin.token, key]) {
      const read = await t.current.call('GET', `/api/v1/identity/sso/providers/${created.body.id}`, { token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
      expect(read.raw).not.toContain('do-not-show');
    }
    const analyst = await t.current.member(tenant, 'analyst');
    expect((await t.current.call('GET', `/api/v1/identity/sso/providers/${created.body.id}`, { token: analyst.token })).status).toBe(403);
    expect((await t.current.call('GET', `/api/v1/identity/sso/providers/${created.body.id}`, { token: other.owner.token })).status).toBe(404);
  });
});
