import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { scimGroup, seated } from '../testing/groups.js';

describe.each(handlerTestProfiles)('GET /api/v1/identity/groups/{id} ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('shows one group of the organization with its member count, to identity:read; another organization gets 404', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const person = await seated(t.current, tenant, 'viewer', 'directory');
    const group = await scimGroup(t.current, tenant, 'On call', [person.id]);
    const { rows } = await t.current.db.query<{ external_id: string }>('SELECT external_id FROM directory_groups WHERE id = $1', [group]);

    const admin = await t.current.member(tenant, 'admin');
    const response = await t.current.call('GET', `/api/v1/identity/groups/${group}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: group,
      source: 'scim',
      name: 'On call',
      external_id: rows[0]!.external_id,
      sso_provider_id: null,
      role: null,
      member_count: 1,
      mapped_at: null,
      created_at: expect.any(String),
    });
    const { key } = await t.current.apiKey(tenant.owner, ['identity:read']);
    expect((await t.current.call('GET', `/api/v1/identity/groups/${group}`, { token: key })).body.id).toBe(group);

    const foreign = await t.current.call('GET', `/api/v1/identity/groups/${group}`, { token: other.owner.token });
    const missing = await t.current.call('GET', `/api/v1/identity/groups/${crypto.randomUUID()}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });
});
