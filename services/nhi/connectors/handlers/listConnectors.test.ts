import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { connectorBodies, createConnector } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/connectors ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, query = '') => t.current.call('GET', `/nhi/api/v1/connectors${query}`, { token });

  it('pages through the organization\'s connectors newest first, and shows another organization none of them', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const created = [];
    for (const name of ['one', 'two', 'three', 'four', 'five']) created.push(await createConnector(t.current, tenant.owner, { ...connectorBodies.tool_server, name }));
    await createConnector(t.current, other.owner, { ...connectorBodies.tool_server, name: 'theirs' });

    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = await list(tenant.owner.token, query);
      expect(page.status).toBe(200);
      expect(page.body.page).toMatchObject({ limit: 2, stable: true });
      seen.push(...page.body.items.map((item: { name: string }) => item.name));
      if (!page.body.has_more) break;
      query = `?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`;
    }
    expect(seen).toEqual(['five', 'four', 'three', 'two', 'one']);
    expect((await list(other.owner.token)).body.items.map((item: { name: string }) => item.name)).toEqual(['theirs']);
  });

  it("refuses the other organization's cursor like any unusable one", async () => {
    const [tenant, other] = await t.current.twoTenants();
    for (let index = 0; index < 3; index++) await createConnector(t.current, tenant.owner);
    const first = await list(tenant.owner.token, '?limit=1');
    const foreign = await list(other.owner.token, `?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    const forged = await list(other.owner.token, '?limit=1&cursor=forged');
    expect(foreign.status).toBe(forged.status);
    expect(foreign.raw).toBe(forged.raw);
  });

  it.each(['analyst', 'viewer'] as const)('is readable by a %s (inventory:read)', async (role) => {
    const tenant = await t.current.tenant();
    const connector = await createConnector(t.current, tenant.owner);
    const reader = await t.current.member(tenant, role);
    expect((await list(reader.token)).body.items.map((item: { id: string }) => item.id)).toEqual([connector.id]);
  });
});
