// End to end, on both profiles: a tool_server connector created through the API,
// synchronizations requested through the API and run by the real worker with the
// tool-server collector, published through the outbox to the stream log and applied
// by the inventory processor. A second run after the server drops a tool tombstones
// exactly that tool; a partial run removes nothing; the second organization sees none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import type { Identity, Relationship } from '../collection/inventory.js';
import type { SynchronizationRun } from '../collection/runs.js';
import { requestRun } from '../collection/testing/api-fixtures.js';
import { useCollectionPipeline } from '../collection/testing/collection-pipeline.js';
import { createConnector } from '../connectors/testing/api-fixtures.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { toolServerCollector } from './index.js';
import { startDefinitionServer, type DefinitionServer } from './testing/definition-server.js';

const certificates = createTestCertificates();
const CREDENTIALS_REFERENCE = 'mcp-definitions';

const tools = ['lookup', 'refund', 'notify'].map((name) => ({ name, description: `the ${name} tool`, inputSchema: { type: 'object' as const, properties: {} } }));

describe.each(testProfiles)('tool-server synchronization end to end ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateConnectorEndpoints: true, connectorAllowedHosts: ['127.0.0.1'] });
  // What a deployment with the test switch and the test CA configures.
  const pipeline = useCollectionPipeline(t, profile.profile, [toolServerCollector], {
    session: { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem },
  });
  let server: DefinitionServer;

  beforeAll(async () => {
    server = await startDefinitionServer(certificates, { tools, resources: [{ uri: 'file:///ledger.csv', name: 'ledger' }], pageSize: 2 });
  });
  afterAll(() => server?.close());

  async function toolServerConnector(tenant: TestTenant) {
    await pipeline.current.holdCredentials(tenant, CREDENTIALS_REFERENCE);
    return createConnector(t.current, tenant.owner, {
      kind: 'tool_server',
      name: 'Definitions',
      enabledCapabilities: ['tool_discovery', 'resource_discovery', 'relationship_discovery'],
      endpoint: server.endpoint,
      credentialsReference: CREDENTIALS_REFERENCE,
    });
  }

  /** Requests a run through the API and waits until the inventory processor applied its end. */
  async function synchronize(tenant: TestTenant, connectorId: string): Promise<SynchronizationRun> {
    const run = await requestRun(t.current, tenant.owner, connectorId);
    return pipeline.current.runApplied(tenant, connectorId, run.id);
  }

  async function identities(tenant: TestTenant, connectorId: string): Promise<Identity[]> {
    const response = await t.current.call('GET', `/nhi/api/v1/identities?connectorId=${connectorId}&limit=100`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body.items;
  }

  const stateOf = (all: Identity[], kind: string) => Object.fromEntries(all.filter((identity) => identity.kind === kind).map((identity) => [identity.name, identity.state]));
  it('tombstones exactly the tool the server dropped, after a partial run removed nothing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const connector = await toolServerConnector(tenant);
    server.state.tools = tools;

    const first = await synchronize(tenant, connector.id);
    expect(first.state).toBe('completed');
    const collected = await identities(tenant, connector.id);
    expect(stateOf(collected, 'mcp_tool')).toEqual({ lookup: 'active', refund: 'active', notify: 'active' });
    expect(stateOf(collected, 'mcp_server')).toEqual({ definitions: 'active' });
    expect(stateOf(collected, 'mcp_resource')).toEqual({ 'file:///ledger.csv': 'active' });
    expect(collected.filter((identity) => identity.kind === 'mcp_tool').every((identity) => /^[0-9a-f]{64}$/.test(identity.fingerprint ?? ''))).toBe(true);

    // 'notify' is dropped and the server breaks on its second page (one tool a page): the run is partial and removes nothing.
    server.state.tools = tools.filter((definition) => definition.name !== 'notify');
    server.state.failingToolsCursor = '1';
    server.state.pageSize = 1;
    const partial = await synchronize(tenant, connector.id);
    expect(partial.state).toBe('partial');
    expect(stateOf(await identities(tenant, connector.id), 'mcp_tool')).toEqual({ lookup: 'active', refund: 'active', notify: 'active' });

    server.state.failingToolsCursor = undefined;
    server.state.pageSize = 2;
    const second = await synchronize(tenant, connector.id);
    expect(second.state).toBe('completed');
    expect(second.counts.identitiesRemoved).toBe(1);
    const after = await identities(tenant, connector.id);
    expect(stateOf(after, 'mcp_tool')).toEqual({ lookup: 'active', refund: 'active', notify: 'removed' });
    expect(after.filter((identity) => identity.state === 'removed').map((identity) => identity.name)).toEqual(['notify']);

    // The server's edges: each tool BELONGS_TO it (the dropped tool's edge removed with it), it ACCESSES the resource.
    const serverIdentity = after.find((identity) => identity.kind === 'mcp_server');
    const relationships = await t.current.call('GET', `/nhi/api/v1/identities/${serverIdentity?.id}/relationships?limit=100`, { token: tenant.owner.token });
    expect(relationships.status).toBe(200);
    const edges = (relationships.body.items as Relationship[]).map((edge) => `${edge.direction} ${edge.type} ${edge.direction === 'incoming' ? edge.fromExternalId : edge.toExternalId} ${edge.state}`);
    const named = (suffix: string) => `${serverIdentity?.externalId}#${suffix}`;
    expect(edges.sort()).toEqual(
      [
        `incoming BELONGS_TO ${named('tool:lookup')} active`,
        `incoming BELONGS_TO ${named('tool:refund')} active`,
        `incoming BELONGS_TO ${named('tool:notify')} removed`,
        `outgoing ACCESSES ${named('resource:file:///ledger.csv')} active`,
      ].sort(),
    );

    // The second organization sees nothing of the first: not its identities, not one of them by id.
    const seenByOther = await t.current.call('GET', '/nhi/api/v1/identities?limit=100', { token: other.owner.token });
    expect(seenByOther.status).toBe(200);
    expect(seenByOther.body.items).toEqual([]);
    const foreign = await t.current.call('GET', `/nhi/api/v1/identities/${after[0]?.id}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
  });
});
