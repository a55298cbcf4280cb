import { describe, expect, it } from 'vitest';
import { testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { grantableScopes, neverGrantablePermissions } from '../../accounts/permissions.js';

describe.each(testProfiles)('GET /api/v1/api-keys/scopes ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('lists exactly the 13 grantable scopes of the registry to any signed-in person, none of the never-grantable ones', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await t.current.call('GET', '/api/v1/api-keys/scopes', { token: viewer.token });
    expect(response.status).toBe(200);
    expect(response.body.scopes).toEqual(Object.entries(grantableScopes).map(([name, description]) => ({ name, description })));
    const names = response.body.scopes.map((s: { name: string }) => s.name);
    expect(names.filter((name: string) => (neverGrantablePermissions as readonly string[]).includes(name))).toEqual([]);
  });
});
