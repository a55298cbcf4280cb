import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { specNeverGrantable, specScopesGrantableToMachines } from '../../../test/support/spec-permissions.js';
import { grantableScopes, nhiGrantableScopes } from '../../platform/authorization/permissions.js';

describe.each(handlerTestProfiles)('GET /api/v1/api-keys/scopes ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists exactly the 13 grantable scopes of spec 2.4 and the NHI module’s runtime decision scope with their descriptions to any signed-in person, none of the 9 never-grantable ones', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await t.current.call('GET', '/api/v1/api-keys/scopes', { token: viewer.token });
    expect(response.status).toBe(200);
    const names = response.body.scopes.map((s: { name: string }) => s.name);
    expect(names).toEqual(specScopesGrantableToMachines);
    expect(names.filter((name: string) => (specNeverGrantable as readonly string[]).includes(name))).toEqual([]);
    expect(response.body.scopes).toEqual(Object.entries({ ...grantableScopes, ...nhiGrantableScopes }).map(([name, description]) => ({ name, description })));
  });
});
