import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedInventoryIdentity } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/identities ($profile)', (profile) => {
  const t = useTestApp(profile);
  const list = (token: string, query = '') => t.current.call('GET', `/nhi/api/v1/identities${query}`, { token });

  it('filters by kind, provider, connector and state, and pages newest first', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connectorId = randomUUID();
    const tool = await seedInventoryIdentity(t.current, tenant, { connectorId });
    const removed = await seedInventoryIdentity(t.current, tenant, { connectorId, state: 'removed' });
    const role = await seedInventoryIdentity(t.current, tenant, { kind: 'iam_role', provider: 'aws', externalId: 'arn:aws:iam::123456789012:role/deploy' });
    await seedInventoryIdentity(t.current, other, { connectorId });
    const ids = async (query: string) => (await list(tenant.owner.token, query)).body.items.map((item: { id: string }) => item.id).sort();

    expect(await ids('')).toEqual([tool.id, removed.id, role.id].sort());
    expect(await ids('?kind=iam_role')).toEqual([role.id]);
    expect(await ids('?provider=mcp')).toEqual([tool.id, removed.id].sort());
    expect(await ids(`?connectorId=${connectorId}&state=active`)).toEqual([tool.id]);
    expect(await ids('?state=removed')).toEqual([removed.id]);

    const first = await list(tenant.owner.token, '?limit=2');
    expect(first.body).toMatchObject({ total: 3, has_more: true, page: { limit: 2, stable: true } });
    const rest = await list(tenant.owner.token, `?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect([...first.body.items, ...rest.body.items].map((item: { id: string }) => item.id).sort()).toEqual([tool.id, removed.id, role.id].sort());
    // A cursor is bound to its filters.
    expect((await list(tenant.owner.token, `?limit=2&kind=mcp_tool&cursor=${encodeURIComponent(first.body.next_cursor)}`)).status).toBe(400);
  });

  it('refuses an unknown provider or state with 400', async () => {
    const tenant = await t.current.tenant();
    expect((await list(tenant.owner.token, '?provider=azure')).status).toBe(400);
    expect((await list(tenant.owner.token, '?state=deleted')).status).toBe(400);
  });
});
