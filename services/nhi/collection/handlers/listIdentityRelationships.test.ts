import { describe, expect, it } from 'vitest';
import { testProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { seedInventoryIdentity, seedRelationship } from '../testing/api-fixtures.js';

describe.each(testProfiles)('GET /nhi/api/v1/identities/{identityId}/relationships ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('lists edges in both directions within the identity’s connector, page by page', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const tool = await seedInventoryIdentity(t.current, tenant, { externalId: 'tool:search' });
    const server = await seedInventoryIdentity(t.current, tenant, { connectorId: tool.connectorId, externalId: 'server:tools', kind: 'mcp_server' });
    const outgoing = await seedRelationship(t.current, tenant, { connectorId: tool.connectorId, type: 'ACCESSES', from: 'tool:search', to: 'resource:index' });
    const incoming = await seedRelationship(t.current, tenant, { connectorId: tool.connectorId, type: 'AUTHENTICATES_WITH', from: 'server:tools', to: 'tool:search' });
    // The same identifier under another connector, and in another organization, is another identity's.
    const elsewhere = await seedInventoryIdentity(t.current, tenant, { externalId: 'resource:index' });
    await seedRelationship(t.current, tenant, { connectorId: elsewhere.connectorId, type: 'ACCESSES', from: 'tool:search', to: 'resource:index' });
    await seedRelationship(t.current, other, { connectorId: tool.connectorId, type: 'ACCESSES', from: 'tool:search', to: 'resource:other' });

    const url = `/nhi/api/v1/identities/${tool.id}/relationships`;
    const first = await t.current.call('GET', `${url}?limit=1`, { token: tenant.owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 2, has_more: true });
    const rest = await t.current.call('GET', `${url}?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`, { token: tenant.owner.token });
    expect(rest.body.has_more).toBe(false);
    const edges = [...first.body.items, ...rest.body.items].sort((a, b) => a.type.localeCompare(b.type));
    expect(edges).toMatchObject([
      { id: outgoing, type: 'ACCESSES', direction: 'outgoing', fromExternalId: 'tool:search', toExternalId: 'resource:index', counterpartIdentityId: null, state: 'active' },
      { id: incoming, type: 'AUTHENTICATES_WITH', direction: 'incoming', fromExternalId: 'server:tools', toExternalId: 'tool:search', counterpartIdentityId: server.id, state: 'active' },
    ]);
  });
});
