import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { connectorBodies, createConnector } from '../../connectors/testing/api-fixtures.js';
import { seedInventoryIdentity, seedRelationship } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/identities/{identityId}/relationships ($profile)', (profile) => {
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

  it("links an edge naming another provider's identity to the identity that provider's connector collected, in the organization only", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const roleArn = 'arn:aws:iam::200611803367:role/privesc-sre-role';
    const accountId = 'k8s:https://k8s.example.com:6443#serviceaccount:shop/web';
    const cluster = await createConnector(t.current, tenant.owner, connectorBodies.container_cluster);
    const cloud = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    const serviceAccount = await seedInventoryIdentity(t.current, tenant, { connectorId: cluster.id, kind: 'k8s_service_account', provider: 'kubernetes', externalId: accountId });
    const role = await seedInventoryIdentity(t.current, tenant, { connectorId: cloud.id, kind: 'aws_iam_role', provider: 'aws', externalId: roleArn });
    const assumes = await seedRelationship(t.current, tenant, { connectorId: cluster.id, type: 'ASSUMES', from: accountId, to: roleArn });
    // The other organization holds the same role under its own cloud account: never this one's counterpart.
    const otherCloud = await createConnector(t.current, other.owner, connectorBodies.cloud_account);
    await seedInventoryIdentity(t.current, other, { connectorId: otherCloud.id, kind: 'aws_iam_role', provider: 'aws', externalId: roleArn });

    const ofAccount = await t.current.call('GET', `/nhi/api/v1/identities/${serviceAccount.id}/relationships`, { token: tenant.owner.token });
    expect(ofAccount.body.items).toMatchObject([{ id: assumes, type: 'ASSUMES', direction: 'outgoing', toExternalId: roleArn, counterpartIdentityId: role.id }]);
    // The role shows the cluster's edge that lands on it, the service account at its other end.
    const ofRole = await t.current.call('GET', `/nhi/api/v1/identities/${role.id}/relationships`, { token: tenant.owner.token });
    expect(ofRole.body).toMatchObject({ total: 1, items: [{ id: assumes, type: 'ASSUMES', direction: 'incoming', fromExternalId: accountId, counterpartIdentityId: serviceAccount.id }] });
  });
});
