import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles } from '../../../../test/support/test-app.js';
import { systemScope } from '../../../platform/tenancy.js';
import { verifiedDomainOwnerOf } from '../index.js';
import { claim, publish, useDomainsTestApp } from '../testing/domains.js';

describe.each(handlerTestProfiles)('DELETE /api/v1/identity/domains/{id} ($profile)', (profile) => {
  const app = useDomainsTestApp(profile);
  const { t } = app;
  expectNeighbourUntouchedAfterEach(t);

  it('releases a verified domain at once, audited; its addresses no longer belong to the organization', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    publish(app.dns, claimed);
    expect((await t.current.call('POST', `/api/v1/identity/domains/${claimed.id}/verify`, { token: tenant.owner.token })).status).toBe(200);

    const response = await t.current.call('DELETE', `/api/v1/identity/domains/${claimed.id}`, { token: tenant.owner.token });
    expect(response.status).toBe(204);
    expect(await verifiedDomainOwnerOf(t.current.db, systemScope('match-verified-domain'), `ada@${claimed.domain}`)).toBeUndefined();
    expect((await t.current.call('GET', `/api/v1/identity/domains/${claimed.id}`, { token: tenant.owner.token })).status).toBe(404);
    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=domain.released', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { id: tenant.owner.id }, detail: { domain_id: claimed.id, domain: claimed.domain, was_verified: true } });
    expect((await t.current.call('DELETE', `/api/v1/identity/domains/${claimed.id}`, { token: tenant.owner.token })).status).toBe(404);
  });

  it('is allowed while the organization is scheduled for deletion, and refused to admins', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    const admin = await t.current.member(tenant, 'admin');
    expect((await t.current.call('DELETE', `/api/v1/identity/domains/${claimed.id}`, { token: admin.token })).status).toBe(403);
    const { name } = (await t.current.call('GET', '/api/v1/me', { token: tenant.owner.token })).body.acting_organization;
    expect((await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: tenant.owner.token, body: { confirm_name: name } })).status).toBe(200);
    // A claim is refused during the grace period; giving one up is not.
    expect((await t.current.call('POST', '/api/v1/identity/domains', { token: tenant.owner.token, body: { domain: 'other-acme.com' } })).status).toBe(409);
    expect((await t.current.call('DELETE', `/api/v1/identity/domains/${claimed.id}`, { token: tenant.owner.token })).status).toBe(204);
  });
});
