import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('PATCH /api/v1/orgs/current ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('renames the acting organization only, audited with the old and new names', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const admin = await t.current.member(tenant, 'admin');
    const before = (await t.current.call('GET', '/api/v1/me', { token: other.owner.token })).body.acting_organization.name;
    const otherBefore = await t.current.snapshot(other);

    const response = await t.current.call('PATCH', '/api/v1/orgs/current', { token: admin.token, body: { name: 'Renamed Inc' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: tenant.id, name: 'Renamed Inc' });
    expect((await t.current.call('GET', '/api/v1/me', { token: other.owner.token })).body.acting_organization.name).toBe(before);
    expect(await t.current.snapshot(other)).toEqual(otherBefore);

    const [event] = (await t.current.call('GET', '/api/v1/identity/audit?action=organization.renamed', { token: tenant.owner.token })).body.events;
    expect(event).toMatchObject({ actor: { kind: 'user', id: admin.id }, detail: { to: 'Renamed Inc' } });
    expect(event.detail.from).toMatch(/^Org /);
  });

  it('refuses an analyst with 403 and changes nothing', async () => {
    const tenant = await t.current.tenant();
    const analyst = await t.current.member(tenant, 'analyst');
    const response = await t.current.call('PATCH', '/api/v1/orgs/current', { token: analyst.token, body: { name: 'Nope' } });
    expect(response.status).toBe(403);
    expect((await t.current.call('GET', '/api/v1/me', { token: analyst.token })).body.acting_organization.name).not.toBe('Nope');
  });
});
