import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

const defaults = { target_kinds: [{ target_kind: 'container_image', vulnerabilities: true, secrets: false, misconfigurations: false }] };

describe.each(handlerTestProfiles)('GET /api/v1/settings/scanners ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('answers the defaults (vulnerabilities only) to a reader with scans:read', async () => {
    const [tenant] = await t.current.twoTenants();
    const { key } = await t.current.apiKey(tenant.owner, ['scans:read']);
    const response = await t.current.call('GET', '/api/v1/settings/scanners', { token: key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(defaults);
  });

  it("shows each organization its own settings: one tenant's change is not the other's", async () => {
    const [a, b] = await t.current.twoTenants();
    const changed = await t.current.call('PATCH', '/api/v1/settings/scanners', { token: a.owner.token, body: { container_image: { misconfigurations: true } } });
    expect(changed.status).toBe(200);
    expect((await t.current.call('GET', '/api/v1/settings/scanners', { token: a.owner.token })).body).toEqual(changed.body);
    expect((await t.current.call('GET', '/api/v1/settings/scanners', { token: b.owner.token })).body).toEqual(defaults);
  });
});
