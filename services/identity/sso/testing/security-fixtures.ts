// Resources of the shared security suite (test/support/security-suite.ts): an identity provider of the tenant.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import type { TestApp, TestTenant } from '../../../../test/support/test-app.js';

async function oidcProviderOf(t: TestApp, tenant: TestTenant): Promise<string> {
  const created = await t.call('POST', '/api/v1/identity/sso/providers', {
    token: tenant.owner.token,
    body: { protocol: 'oidc', name: `IdP of ${tenant.id}`, oidc: { issuer: 'https://idp.example.com/realms/acme', client_id: 'sentinel', client_secret: 'fixture-client-secret' } },
  });
  if (created.status !== 201) throw new Error(`POST /identity/sso/providers answered ${created.status}: ${created.raw}`);
  return created.body.id;
}

export const securityFixtures: Record<string, ResourceFixture> = {
  getSsoProvider: async (t, tenant) => ({ params: { id: await oidcProviderOf(t, tenant) } }),
  updateSsoProvider: async (t, tenant) => ({ params: { id: await oidcProviderOf(t, tenant) }, body: { jit_provisioning: true } }),
  deleteSsoProvider: async (t, tenant) => ({ params: { id: await oidcProviderOf(t, tenant) } }),
};
