import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, TEST_PUBLIC_URL, useTestApp } from '../../../../test/support/test-app.js';
import { verifiedDomain } from '../../accounts/testing/enterprise-identity.js';
import { createTestSamlIdp } from '../testing/saml-idp.js';
import { createSamlProvider } from '../testing/sign-in.js';

describe.each(handlerTestProfiles)('POST /api/v1/auth/sso/discover ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const discover = (email: string) => t.current.call('POST', '/api/v1/auth/sso/discover', { body: { email } });

  it('answers the enabled providers of the organization that verified the address\'s domain, and whether it enforces SSO', async () => {
    const idp = createTestSamlIdp();
    const [tenant, other] = await t.current.twoTenants();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const enabled = await createSamlProvider(t.current, tenant, idp, { name: 'Okta SAML' });
    await createSamlProvider(t.current, tenant, idp, { enabled: false });
    await createSamlProvider(t.current, other, idp);

    const found = await discover(`Someone@${domain.toUpperCase()}`);
    expect(found.body).toEqual({ providers: [{ id: enabled.id, name: 'Okta SAML', protocol: 'saml', start_url: `${TEST_PUBLIC_URL}/api/v1/auth/sso/${enabled.id}/start` }], sso_required: false });
    await t.current.call('PATCH', `/api/v1/identity/sso/providers/${enabled.id}`, { token: tenant.owner.token, body: { enforced: true } });
    expect((await discover(`someone@${domain}`)).body.sso_required).toBe(true);
  });

  it('answers the same empty list for a domain nobody verified and for one whose organization has no provider', async () => {
    const tenant = await t.current.tenant();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const withoutProvider = await discover(`someone@${domain}`);
    const unverified = await discover('someone@nobody-verified.example.test');
    expect(withoutProvider.raw).toBe('{"providers":[],"sso_required":false}');
    expect(unverified.raw).toBe(withoutProvider.raw);
  });
});
