import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { verifiedDomain } from '../../accounts/testing/enterprise-identity.js';
import { createTestSamlIdp } from '../testing/saml-idp.js';
import { createSamlProvider, samlSignIn, startSignIn } from '../testing/sign-in.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/identity/sso/providers/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('removes the provider with its pending sign-ins and SSO groups, keeps the roles they conferred, and audits', async () => {
    const idp = createTestSamlIdp();
    const tenant = await t.current.tenant();
    const domain = await verifiedDomain(t.current.db, tenant.id);
    const provider = await createSamlProvider(t.current, tenant, idp, { jit_provisioning: true, enforced: true });
    await samlSignIn(t.current, provider, idp, { email: `grace@${domain}`, groups: ['Admins'] });
    await startSignIn(t.current, provider.id);

    const deleted = await t.current.call('DELETE', `/api/v1/identity/sso/providers/${provider.id}`, { token: tenant.owner.token });
    expect(deleted.status).toBe(204);
    expect((await t.current.call('GET', `/api/v1/identity/sso/providers/${provider.id}`, { token: tenant.owner.token })).status).toBe(404);
    for (const table of ['sso_pending_sign_ins', 'sso_consumed_assertions', 'directory_groups']) {
      const { rows } = await t.current.db.query(`SELECT 1 FROM ${table} WHERE sso_provider_id = $1`, [provider.id]);
      expect(rows, table).toEqual([]);
    }
    const roster = await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token });
    expect(roster.body.members.map((m: { email: string }) => m.email)).toContain(`grace@${domain}`);
    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=sso_provider.deleted', { token: tenant.owner.token });
    expect(trail.body.events[0].detail).toMatchObject({ sso_provider_id: provider.id, sso_groups_deleted: 1 });
    const enforcement = await t.current.call('GET', '/api/v1/identity/audit?action=sso_enforcement.disabled', { token: tenant.owner.token });
    expect(enforcement.body.events).toHaveLength(1);
    // The sign-in route knows it no more.
    expect((await t.current.call('GET', `/api/v1/auth/sso/${provider.id}/start`)).status).toBe(404);
    expect((await t.current.call('DELETE', `/api/v1/identity/sso/providers/${provider.id}`, { token: tenant.owner.token })).status).toBe(404);
  });
});
