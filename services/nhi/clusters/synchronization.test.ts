// End to end, on both profiles: container_cluster connectors created through the API
// in two organizations, synchronizations requested through the API and run by the
// real worker with the cluster collector against fabric8's Kubernetes API mock
// (started once for the file, behind the paging and failure-playing proxy), published
// through the outbox to the stream log and applied by the inventory processor.
//
// Each organization also has a cloud_account connector whose collection holds the IAM
// role the fixture's demo-sa assumes (arn:aws:iam::200611803367:role/privesc-sre-role,
// a role of the cloud-account fixture, named by its ARN as the cloud-account collector
// names roles). It is played by a scripted collector here, so this file does not need
// the AWS peer: the ASSUMES edge the cluster collector emits lands on that role.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import type { Identity, Relationship } from '../collection/inventory.js';
import type { SynchronizationRun } from '../collection/runs.js';
import { requestRun, scriptedCollector } from '../collection/testing/api-fixtures.js';
import { useCollectionPipeline } from '../collection/testing/collection-pipeline.js';
import { connectorBodies, createConnector } from '../connectors/testing/api-fixtures.js';
import { clusterRoleExternalId, roleExternalId, serviceAccountExternalId, workloadExternalId } from './cluster-inventory.js';
import { createClusterCollector } from './collector.js';
import { listingPathOf } from './testing/cluster-fixture.js';
import { startKubernetesPeer, type KubernetesPeer } from './testing/kubernetes-peer.js';

const certificates = createTestCertificates();
const CLUSTER_REFERENCE = 'cluster-reader';
const ROLE_ARN = 'arn:aws:iam::200611803367:role/privesc-sre-role';
const allCapabilities = ['service_account_discovery', 'role_binding_discovery', 'workload_discovery', 'relationship_discovery'];

let peer: KubernetesPeer;
beforeAll(async () => {
  peer = await startKubernetesPeer(certificates);
}, 300_000);
afterAll(() => peer?.close());
beforeEach(async () => {
  await peer.restore();
});

describe.each(testProfiles)('cluster synchronization end to end ($profile)', (profile) => {
  const t = useTestApp({ ...profile, allowPrivateConnectorEndpoints: true, connectorAllowedHosts: ['127.0.0.1'] });
  const clouds = scriptedCollector('cloud_account');
  // What a deployment with the test switch and the test CA configures; two objects a page, so listings take several.
  const pipeline = useCollectionPipeline(t, profile.profile, [createClusterCollector({ pageSize: 2, maxPages: 5 }), clouds.collector], {
    session: { egress: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem },
  });

  const endpoint = () => peer.proxy.origin;
  const account = (namespace: string, name: string) => serviceAccountExternalId(endpoint(), namespace, name);

  async function synchronize(tenant: TestTenant, connectorId: string): Promise<SynchronizationRun> {
    const run = await requestRun(t.current, tenant.owner, connectorId);
    return pipeline.current.runApplied(tenant, connectorId, run.id);
  }

  async function clusterConnector(tenant: TestTenant, includeWorkloads: boolean): Promise<string> {
    await pipeline.current.holdCredentials(tenant, CLUSTER_REFERENCE);
    const connector = await createConnector(t.current, tenant.owner, {
      kind: 'container_cluster',
      name: 'Demo cluster',
      enabledCapabilities: allCapabilities,
      settings: { includeWorkloads },
      endpoint: endpoint(),
      credentialsReference: CLUSTER_REFERENCE,
    });
    return connector.id;
  }

  /** The tenant's cloud account, synchronized: its collection holds the role demo-sa assumes. */
  async function cloudAccountWithTheRole(tenant: TestTenant): Promise<void> {
    await pipeline.current.holdCredentials(tenant, connectorBodies.cloud_account.credentialsReference);
    const connector = await createConnector(t.current, tenant.owner, connectorBodies.cloud_account);
    clouds.script(connector.id, {
      identities: [{ externalId: ROLE_ARN, kind: 'aws_iam_role', name: 'privesc-sre-role', attributes: { principalType: 'machine', arn: ROLE_ARN }, fingerprint: null, lastUsedAt: null }],
    });
    expect((await synchronize(tenant, connector.id)).state).toBe('completed');
  }

  async function identities(tenant: TestTenant, query = ''): Promise<Identity[]> {
    const response = await t.current.call('GET', `/nhi/api/v1/identities?limit=200${query}`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body.items;
  }

  async function relationships(tenant: TestTenant, identityId: string): Promise<Relationship[]> {
    const response = await t.current.call('GET', `/nhi/api/v1/identities/${identityId}/relationships?limit=200`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body.items;
  }

  const byExternalId = (all: Identity[]) => new Map(all.map((identity) => [identity.externalId, identity]));
  const stateOf = (all: Identity[]) => Object.fromEntries(all.map((identity) => [identity.externalId, identity.state]));

  it('synchronizes the cluster into two organizations, each seeing only its own inventory, with the edges the fixture implies', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await cloudAccountWithTheRole(tenant);
    await cloudAccountWithTheRole(other);
    const connectorId = await clusterConnector(tenant, true);
    const otherConnectorId = await clusterConnector(other, false);

    const run = await synchronize(tenant, connectorId);
    expect(run).toMatchObject({ state: 'completed', error: null, counts: { identitiesSeen: 10, identitiesNew: 10, identitiesRemoved: 0, edges: 10, personsExcluded: 0 } });
    const otherRun = await synchronize(other, otherConnectorId);
    expect(otherRun).toMatchObject({ state: 'completed', counts: { identitiesSeen: 7, edges: 8 } });

    // What each holds: listed, not derived. The other organization collects no workloads.
    const collected = await identities(tenant, `&connectorId=${connectorId}`);
    const expected = {
      [account('demo-ns', 'demo-sa')]: 'k8s_service_account',
      [account('demo-ns', 'another-sa')]: 'k8s_service_account',
      [account('test-ns', 'test-sa')]: 'k8s_service_account',
      [roleExternalId(endpoint(), 'demo-ns', 'pod-reader')]: 'k8s_role',
      [roleExternalId(endpoint(), 'demo-ns', 'secret-manager')]: 'k8s_role',
      [clusterRoleExternalId(endpoint(), 'cluster-admin')]: 'k8s_cluster_role',
      [clusterRoleExternalId(endpoint(), 'pod-viewer')]: 'k8s_cluster_role',
      [workloadExternalId(endpoint(), 'Deployment', 'demo-ns', 'web')]: 'k8s_workload',
      [workloadExternalId(endpoint(), 'CronJob', 'test-ns', 'report')]: 'k8s_workload',
      [workloadExternalId(endpoint(), 'Pod', 'demo-ns', 'debug')]: 'k8s_workload',
    };
    expect(Object.fromEntries(collected.map((identity) => [identity.externalId, identity.kind]))).toEqual(expected);
    expect(collected.every((identity) => identity.provider === 'kubernetes' && identity.principalType === 'machine' && identity.state === 'active' && identity.lastUsedAt === 'not reported')).toBe(true);
    const otherCollected = await identities(other, `&connectorId=${otherConnectorId}`);
    expect(otherCollected.map((identity) => identity.externalId).sort()).toEqual(Object.keys(expected).filter((externalId) => expected[externalId] !== 'k8s_workload').sort());

    // Each organization sees only its own: the same cluster's objects are separate identities, and a foreign id is a 404.
    const mine = await identities(tenant);
    const theirs = await identities(other);
    expect(mine).toHaveLength(11);
    expect(theirs).toHaveLength(8);
    const theirIds = new Set(theirs.map((identity) => identity.id));
    expect(mine.some((identity) => theirIds.has(identity.id))).toBe(false);
    const foreign = await t.current.call('GET', `/nhi/api/v1/identities/${collected[0]!.id}`, { token: other.owner.token });
    expect(foreign.status).toBe(404);
    const foreignEdges = await t.current.call('GET', `/nhi/api/v1/identities/${collected[0]!.id}/relationships`, { token: other.owner.token });
    expect(foreignEdges.status).toBe(404);

    // demo-sa's edges: its two roles, the web Deployment that runs as it, and the IAM role it assumes, which the cloud account collected.
    const ids = byExternalId(mine);
    const idOf = (externalId: string) => ids.get(externalId)?.id;
    const demo = ids.get(account('demo-ns', 'demo-sa'))!;
    const edgesOfDemo = (await relationships(tenant, demo.id)).map((edge) => ({ type: edge.type, direction: edge.direction, from: edge.fromExternalId, to: edge.toExternalId, counterpart: edge.counterpartIdentityId, state: edge.state }));
    expect(edgesOfDemo).toHaveLength(4);
    expect(edgesOfDemo).toEqual(
      expect.arrayContaining([
        { type: 'HAS_PERMISSION', direction: 'outgoing', from: demo.externalId, to: roleExternalId(endpoint(), 'demo-ns', 'pod-reader'), counterpart: idOf(roleExternalId(endpoint(), 'demo-ns', 'pod-reader')), state: 'active' },
        { type: 'HAS_PERMISSION', direction: 'outgoing', from: demo.externalId, to: clusterRoleExternalId(endpoint(), 'cluster-admin'), counterpart: idOf(clusterRoleExternalId(endpoint(), 'cluster-admin')), state: 'active' },
        { type: 'AUTHENTICATES_WITH', direction: 'incoming', from: workloadExternalId(endpoint(), 'Deployment', 'demo-ns', 'web'), to: demo.externalId, counterpart: idOf(workloadExternalId(endpoint(), 'Deployment', 'demo-ns', 'web')), state: 'active' },
        { type: 'ASSUMES', direction: 'outgoing', from: demo.externalId, to: ROLE_ARN, counterpart: idOf(ROLE_ARN), state: 'active' },
      ]),
    );
    // The role, collected by the cloud account, shows the service account that assumes it.
    const role = ids.get(ROLE_ARN)!;
    expect(role).toMatchObject({ kind: 'aws_iam_role', provider: 'aws' });
    expect((await relationships(tenant, role.id)).map((edge) => [edge.type, edge.direction, edge.fromExternalId, edge.counterpartIdentityId])).toEqual([['ASSUMES', 'incoming', demo.externalId, demo.id]]);

    // The other organization's service account lands on its own copy of the role, never on this one's.
    const theirIdsByExternalId = byExternalId(theirs);
    const theirDemo = theirIdsByExternalId.get(account('demo-ns', 'demo-sa'))!;
    const theirAssumes = (await relationships(other, theirDemo.id)).filter((edge) => edge.type === 'ASSUMES');
    expect(theirAssumes.map((edge) => edge.counterpartIdentityId)).toEqual([theirIdsByExternalId.get(ROLE_ARN)!.id]);
    await t.current.expectNeighbourUntouched();
  });

  it('removes nothing after a partial run, and exactly what the cluster deleted after the next complete one', async () => {
    const [tenant] = await t.current.twoTenants();
    const connectorId = await clusterConnector(tenant, true);
    expect((await synchronize(tenant, connectorId)).state).toBe('completed');
    const before = await identities(tenant, `&connectorId=${connectorId}`);
    const another = byExternalId(before).get(account('demo-ns', 'another-sa'))!;
    const edgesOfAnother = (await relationships(tenant, another.id)).map((edge) => `${edge.type} ${edge.toExternalId}`).sort();
    expect(edgesOfAnother).toEqual(
      [`HAS_PERMISSION ${roleExternalId(endpoint(), 'demo-ns', 'secret-manager')}`, `HAS_PERMISSION ${clusterRoleExternalId(endpoint(), 'pod-viewer')}`, 'ASSUMES another-sa@demo-project.iam.gserviceaccount.com'].sort(),
    );

    // another-sa is deleted, and the pod listing never ends: the run is partial and removes nothing.
    await peer.delete(peer.fixture.serviceAccounts.find((object) => object.metadata.name === 'another-sa')!);
    peer.proxy.misPage(listingPathOf('Pod'), 'endless');
    const partial = await synchronize(tenant, connectorId);
    expect(partial).toMatchObject({ state: 'partial', error: { code: 'partial_collection' }, counts: { identitiesRemoved: 0 } });
    expect(partial.error?.message).toMatch(/pods.*more than 5 pages/);
    const afterPartial = await identities(tenant, `&connectorId=${connectorId}`);
    expect(stateOf(afterPartial)).toEqual(stateOf(before));
    expect((await relationships(tenant, another.id)).every((edge) => edge.state === 'active')).toBe(true);

    // Listed to their ends again: another-sa, the role only it was given, and their edges are removed; nothing else is.
    peer.proxy.reset();
    const complete = await synchronize(tenant, connectorId);
    expect(complete).toMatchObject({ state: 'completed', counts: { identitiesRemoved: 2 } });
    const after = await identities(tenant, `&connectorId=${connectorId}`);
    expect(after.filter((identity) => identity.state === 'removed').map((identity) => identity.externalId).sort()).toEqual([account('demo-ns', 'another-sa'), roleExternalId(endpoint(), 'demo-ns', 'secret-manager')].sort());
    expect(byExternalId(after).get(account('demo-ns', 'another-sa'))).toMatchObject({ id: another.id, firstSeenAt: another.firstSeenAt });
    expect((await relationships(tenant, another.id)).map((edge) => edge.state)).toEqual(['removed', 'removed', 'removed']);
  });
});
