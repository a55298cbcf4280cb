import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/sso/providers ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('lists the organization\'s providers oldest first, each organization its own', async () => {
    const [a, b] = await t.current.twoTenants();
    const create = (token: string, name: string) =>
      t.current.call('POST', '/api/v1/identity/sso/providers', { token, body: { protocol: 'oidc', name, oidc: { issuer: 'https://idp.example.com', client_id: name } } });
    await create(a.owner.token, 'First');
    await create(a.owner.token, 'Second');
    await create(b.owner.token, 'Of B');
    const { key } = await t.current.apiKey(a.owner, ['identity:read']);
    expect((await t.current.call('GET', '/api/v1/identity/sso/providers', { token: key })).body.providers.map((p: { name: string }) => p.name)).toEqual(['First', 'Second']);
    expect((await t.current.call('GET', '/api/v1/identity/sso/providers', { token: b.owner.token })).body.providers.map((p: { name: string }) => p.name)).toEqual(['Of B']);
  });
});
