// End to end, on both profiles: code_hosting_organization connectors created through
// the API in two organizations of the service, each collecting its own GitHub
// organization (acme-corp, globex) from the GitHub peer as the same app, runs
// requested through the API and executed by the real synchronization worker, published
// through the outbox and applied by the inventory processor. Each organization sees
// only its own inventory; a partial run removes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import type { Identity, Relationship } from '../collection/inventory.js';
import type { SynchronizationRun } from '../collection/runs.js';
import { requestRun } from '../collection/testing/api-fixtures.js';
import { useCollectionPipeline } from '../collection/testing/collection-pipeline.js';
import type { CollectionContext, Collector } from '../collection/index.js';
import { createConnector } from '../connectors/testing/api-fixtures.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createCodeHostingCollector } from './index.js';
import { inventoryApp } from './testing/github-fixture.js';
import { startGitHubPeer, type GitHubPeer } from './testing/github-peer.js';

const certificates = createTestCertificates();
const CREDENTIALS_REFERENCE = 'github-inventory-app';
const allCapabilities = ['app_discovery', 'bot_discovery', 'deploy_key_discovery', 'token_discovery', 'relationship_discovery'];

describe.each(testProfiles)('code-hosting synchronization end to end ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateConnectorEndpoints: true, connectorAllowedHosts: ['127.0.0.1'] });
  let peer: GitHubPeer;
  // The hosted service's collector, pointed at the loopback peer once it listens.
  const collector: Collector = { kind: 'code_hosting_organization', collect: (context: CollectionContext) => createCodeHostingCollector({ apiBaseUrl: peer.origin }).collect(context) };
  const pipeline = useCollectionPipeline(t, profile.profile, [collector], {
    session: { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem },
  });

  beforeAll(async () => {
    peer = await startGitHubPeer(certificates);
  });
  afterAll(() => peer?.close());

  async function githubConnector(tenant: TestTenant, organization: string) {
    await pipeline.current.holdCredentials(tenant, CREDENTIALS_REFERENCE, JSON.stringify({ appId: inventoryApp.appId, privateKey: peer.appPrivateKey }));
    return createConnector(t.current, tenant.owner, { kind: 'code_hosting_organization', name: `GitHub ${organization}`, enabledCapabilities: allCapabilities, organization, credentialsReference: CREDENTIALS_REFERENCE });
  }

  async function synchronize(tenant: TestTenant, connectorId: string): Promise<SynchronizationRun> {
    const run = await requestRun(t.current, tenant.owner, connectorId);
    return pipeline.current.runApplied(tenant, connectorId, run.id);
  }

  async function identities(tenant: TestTenant): Promise<Identity[]> {
    const response = await t.current.call('GET', '/nhi/api/v1/identities?limit=200', { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body.items;
  }

  const byKind = (all: Identity[]) => {
    const kinds: Record<string, string[]> = {};
    for (const identity of all) (kinds[identity.kind] ??= []).push(`${identity.name} ${identity.state}`);
    for (const names of Object.values(kinds)) names.sort();
    return kinds;
  };

  it('collects each organization into its own inventory, with its edges; a partial run removes nothing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const acmeConnector = await githubConnector(tenant, 'acme-corp');
    const globexConnector = await githubConnector(other, 'globex');

    const first = await synchronize(tenant, acmeConnector.id);
    expect(first.state).toBe('completed');
    expect(first.counts.personsExcluded).toBe(3);
    const second = await synchronize(other, globexConnector.id);
    expect(second.state).toBe('completed');
    expect(second.counts.personsExcluded).toBe(1);

    const acmeInventory = await identities(tenant);
    expect(byKind(acmeInventory)).toEqual({
      github_app_installation: ['deploy-helper active', 'sentinel-inventory active'],
      github_bot: ['deploy-helper[bot] active', 'sentinel-inventory[bot] active'],
      github_deploy_key: ['ci-deploy active', 'mirror active', 'terraform active'],
      github_fine_grained_token: ['metrics-export active', 'release-script active', 'unused-grant active'],
    });
    expect(acmeInventory.every((identity) => identity.provider === 'github' && identity.principalType === 'machine' && identity.lastUsedAt === 'not reported')).toBe(true);
    const globexInventory = await identities(other);
    expect(byKind(globexInventory)).toEqual({
      github_app_installation: ['sentinel-inventory active'],
      github_bot: ['sentinel-inventory[bot] active'],
      github_deploy_key: ['portal-deploy active'],
    });

    // The edges of one token, read through the API.
    const release = acmeInventory.find((identity) => identity.name === 'release-script');
    const relationships = await t.current.call('GET', `/nhi/api/v1/identities/${release?.id}/relationships?limit=100`, { token: tenant.owner.token });
    expect(relationships.status).toBe(200);
    expect((relationships.body.items as Relationship[]).map((edge) => `${edge.direction} ${edge.type} ${edge.toExternalId}`).sort()).toEqual([
      'outgoing ACCESSES github:repository:acme-corp/api',
      'outgoing ACCESSES github:repository:acme-corp/web',
      'outgoing AUTHENTICATES_WITH github:user:1001',
    ]);
    // A bot and its installation are both in the inventory: the edge names its counterpart.
    const bot = acmeInventory.find((identity) => identity.name === 'deploy-helper[bot]');
    const botEdges = await t.current.call('GET', `/nhi/api/v1/identities/${bot?.id}/relationships`, { token: tenant.owner.token });
    const installation = acmeInventory.find((identity) => identity.name === 'deploy-helper');
    expect(botEdges.body.items).toEqual([expect.objectContaining({ type: 'BELONGS_TO', direction: 'outgoing', counterpartIdentityId: installation?.id })]);

    // Neither organization sees the other's: not in its listing, not by id.
    expect(globexInventory.some((identity) => identity.externalId.includes('acme'))).toBe(false);
    const foreign = await t.current.call('GET', `/nhi/api/v1/identities/${release?.id}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);

    // The infra repository's keys fail (not retried): the run is partial and its key stays.
    peer.script({ path: /^\/repos\/acme-corp\/infra\/keys/ }, { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' });
    const partial = await synchronize(tenant, acmeConnector.id);
    expect(partial.state).toBe('partial');
    expect(partial.error?.code).toBe('partial_collection');
    expect(partial.counts.identitiesRemoved).toBe(0);
    expect(byKind(await identities(tenant))).toEqual(byKind(acmeInventory));
  });
});
