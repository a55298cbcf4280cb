// The cluster collector against fabric8's Kubernetes API mock (CRUD mode, started
// once for the file) holding the fixture (test/fixtures/nhi/kubernetes, cartography's
// RBAC objects plus cloud identities and workloads), reached through the proxy that
// pages listings and plays the failures, over TLS on 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrgId } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { PartialCollectionError, type CollectedEdge, type CollectedIdentity, type CollectionContext, type Collector } from '../collection/index.js';
import { MAX_RESPONSE_BYTES, openSynchronizationSession, ProviderCallError, type ConnectorEgressPolicy } from '../connectors/index.js';
import { virtualClock } from '../connectors/testing/provider-peer.js';
import { ListingError } from './cluster-api.js';
import { clusterRoleExternalId, roleExternalId, serviceAccountExternalId, workloadExternalId } from './cluster-inventory.js';
import { createClusterCollector } from './collector.js';
import { listingPathOf } from './testing/cluster-fixture.js';
import { startKubernetesPeer, type KubernetesPeer } from './testing/kubernetes-peer.js';

const certificates = createTestCertificates();
// The test switch lets loopback peers in; the host must still be permitted.
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
const allCapabilities = ['service_account_discovery', 'role_binding_discovery', 'workload_discovery', 'relationship_discovery'];
const orgId = randomUUID() as OrgId;
const otherOrgId = randomUUID() as OrgId;
const CLUSTER_TOKEN = 'cluster-reader-token-value';
const credentialsDirectory = mkdtempSync(path.join(tmpdir(), 'cluster-credentials-'));
mkdirSync(path.join(credentialsDirectory, orgId));
mkdirSync(path.join(credentialsDirectory, otherOrgId));
writeFileSync(path.join(credentialsDirectory, orgId, 'cluster-token'), `${CLUSTER_TOKEN}\n`);
writeFileSync(path.join(credentialsDirectory, orgId, 'cluster-json'), JSON.stringify({ bearerToken: CLUSTER_TOKEN }));
writeFileSync(path.join(credentialsDirectory, orgId, 'no-token'), '{}');

// Two objects a page: every listing of more than two objects takes several pages.
const collector = createClusterCollector({ pageSize: 2, maxPages: 5 });
let peer: KubernetesPeer;

beforeAll(async () => {
  peer = await startKubernetesPeer(certificates);
}, 300_000);
afterAll(async () => {
  await peer?.close();
  rmSync(credentialsDirectory, { recursive: true, force: true });
});
beforeEach(async () => {
  await peer.restore();
});

interface Collection {
  identities: CollectedIdentity[];
  edges: CollectedEdge[];
  /** What the collector threw, undefined when it completed. */
  error: unknown;
  progress: string[];
}

interface CollectOptions {
  capabilities?: string[];
  includeWorkloads?: boolean;
  policy?: ConnectorEgressPolicy;
  trustedCaPem?: string;
  credentialsReference?: string;
  organization?: OrgId;
  clock?: ReturnType<typeof virtualClock>;
  collector?: Collector;
}

async function collect(options: CollectOptions = {}): Promise<Collection> {
  const organization = options.organization ?? orgId;
  const session = await openSynchronizationSession(
    { credentialsDirectory, egress: options.policy ?? testPolicy, trustedCaPem: 'trustedCaPem' in options ? options.trustedCaPem : certificates.caPem, clock: options.clock },
    organization,
    { kind: 'container_cluster', credentialsReference: options.credentialsReference ?? 'cluster-token' },
  );
  const collection: Collection = { identities: [], edges: [], error: undefined, progress: [] };
  // Built apart from the call so members other kinds' collectors read (a cloud account's id) are no concern here.
  const connector = { id: randomUUID(), kind: 'container_cluster' as const, endpoint: peer.proxy.origin, enabledCapabilities: options.capabilities ?? allCapabilities, settings: { includeWorkloads: options.includeWorkloads ?? true }, accountId: null, externalId: null };
  const context: CollectionContext = {
    orgId: organization,
    connector,
    session,
    emitIdentity: async (identity) => void collection.identities.push(identity),
    emitEdge: async (edge) => void collection.edges.push(edge),
    progress: (message) => void collection.progress.push(message),
  };
  try {
    await (options.collector ?? collector).collect(context);
  } catch (error) {
    collection.error = error;
  } finally {
    session.client.close();
  }
  return collection;
}

const endpoint = () => peer.proxy.origin;
const account = (namespace: string, name: string) => serviceAccountExternalId(endpoint(), namespace, name);
const ids = (collection: Collection, kind?: string) =>
  collection.identities
    .filter((identity) => kind === undefined || identity.kind === kind)
    .map((identity) => identity.externalId)
    .sort();
const edgeList = (collection: Collection) => collection.edges.map((edge) => `${edge.fromExternalId} ${edge.type} ${edge.toExternalId}`).sort();
const requestsTo = (kind: string) => peer.proxy.received.filter((request) => request.path === listingPathOf(kind));

/** What the fixture holds, collected with every capability and includeWorkloads: listed here, not derived. */
function expectedIdentities() {
  return {
    k8s_service_account: [account('demo-ns', 'another-sa'), account('demo-ns', 'demo-sa'), account('test-ns', 'test-sa')].sort(),
    k8s_role: [roleExternalId(endpoint(), 'demo-ns', 'pod-reader'), roleExternalId(endpoint(), 'demo-ns', 'secret-manager')].sort(),
    k8s_cluster_role: [clusterRoleExternalId(endpoint(), 'cluster-admin'), clusterRoleExternalId(endpoint(), 'pod-viewer')].sort(),
    // The ReplicaSet's Pod and the CronJob's Job belong to their controllers: not workloads of their own.
    k8s_workload: [workloadExternalId(endpoint(), 'CronJob', 'test-ns', 'report'), workloadExternalId(endpoint(), 'Deployment', 'demo-ns', 'web'), workloadExternalId(endpoint(), 'Pod', 'demo-ns', 'debug')].sort(),
  };
}

function expectedEdges(): string[] {
  const edge = (from: string, type: string, to: string) => `${from} ${type} ${to}`;
  return [
    // Bindings (cartography's rbac.py, and the readers RoleBinding's group of test-ns's service accounts).
    edge(account('demo-ns', 'demo-sa'), 'HAS_PERMISSION', roleExternalId(endpoint(), 'demo-ns', 'pod-reader')),
    edge(account('demo-ns', 'demo-sa'), 'HAS_PERMISSION', clusterRoleExternalId(endpoint(), 'cluster-admin')),
    edge(account('demo-ns', 'another-sa'), 'HAS_PERMISSION', roleExternalId(endpoint(), 'demo-ns', 'secret-manager')),
    edge(account('demo-ns', 'another-sa'), 'HAS_PERMISSION', clusterRoleExternalId(endpoint(), 'pod-viewer')),
    edge(account('test-ns', 'test-sa'), 'HAS_PERMISSION', clusterRoleExternalId(endpoint(), 'pod-viewer')),
    // Cloud identities the annotations name.
    edge(account('demo-ns', 'demo-sa'), 'ASSUMES', 'arn:aws:iam::200611803367:role/privesc-sre-role'),
    edge(account('demo-ns', 'another-sa'), 'ASSUMES', 'another-sa@demo-project.iam.gserviceaccount.com'),
    edge(account('test-ns', 'test-sa'), 'ASSUMES', '5b3c7d1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f'),
    // Workloads and the accounts they run as; the debug Pod's "default" account does not exist here.
    edge(workloadExternalId(endpoint(), 'Deployment', 'demo-ns', 'web'), 'AUTHENTICATES_WITH', account('demo-ns', 'demo-sa')),
    edge(workloadExternalId(endpoint(), 'CronJob', 'test-ns', 'report'), 'AUTHENTICATES_WITH', account('test-ns', 'test-sa')),
  ].sort();
}

function expectFailedBeforeEmitting(collection: Collection) {
  expect(collection.error).not.toBeUndefined();
  expect(collection.error).not.toBeInstanceOf(PartialCollectionError);
  expect(collection.identities).toEqual([]);
  expect(collection.edges).toEqual([]);
}

describe('cluster collector against the Kubernetes API mock', () => {
  it("collects the fixture's service accounts, the roles their bindings give them and the workloads that run as them", async () => {
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    const expected = expectedIdentities();
    for (const [kind, externalIds] of Object.entries(expected)) expect(ids(collection, kind)).toEqual(externalIds);
    expect(collection.identities).toHaveLength(Object.values(expected).flat().length);
    // Kubernetes reports no last use (spec 8).
    expect(collection.identities.every((identity) => identity.lastUsedAt === null)).toBe(true);

    const demo = collection.identities.find((identity) => identity.externalId === account('demo-ns', 'demo-sa'));
    expect(demo).toMatchObject({ name: 'demo-ns/demo-sa', fingerprint: null });
    expect(demo?.attributes).toMatchObject({
      namespace: 'demo-ns',
      name: 'demo-sa',
      automountServiceAccountToken: true,
      tokenSecrets: ['demo-sa-token-7xk2p'],
      cloudIdentities: [{ provider: 'aws', annotation: 'eks.amazonaws.com/role-arn', roleArn: 'arn:aws:iam::200611803367:role/privesc-sre-role' }],
      workloads: [{ kind: 'Deployment', namespace: 'demo-ns', name: 'web' }],
    });
    expect(demo?.attributes.roleBindings).toEqual(
      expect.arrayContaining([
        { binding: { kind: 'RoleBinding', namespace: 'demo-ns', name: 'bind-demo-sa' }, role: { kind: 'Role', namespace: 'demo-ns', name: 'pod-reader' }, scope: 'namespace demo-ns', roleFound: true },
        { binding: { kind: 'ClusterRoleBinding', name: 'admin-binding' }, role: { kind: 'ClusterRole', name: 'cluster-admin' }, scope: 'cluster', roleFound: true },
      ]),
    );
    // The readers RoleBinding grants a ClusterRole within one namespace, through the group of test-ns's accounts.
    const testAccount = collection.identities.find((identity) => identity.externalId === account('test-ns', 'test-sa'));
    expect((testAccount?.attributes.roleBindings as { scope: string }[]).map((grant) => grant.scope).sort()).toEqual(['cluster', 'namespace demo-ns']);
    const podViewer = collection.identities.find((identity) => identity.externalId === clusterRoleExternalId(endpoint(), 'pod-viewer'));
    expect(podViewer?.attributes.rules).toEqual([
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list'] },
    ]);
    const cronJob = collection.identities.find((identity) => identity.externalId === workloadExternalId(endpoint(), 'CronJob', 'test-ns', 'report'));
    expect(cronJob?.attributes).toMatchObject({ workloadKind: 'CronJob', serviceAccountName: 'test-sa', automountServiceAccountToken: false });
  });

  it('relates them with exactly the edges the fixture implies', async () => {
    const collection = await collect();
    expect(edgeList(collection)).toEqual(expectedEdges());
  });

  it('never inventories the person a binding names, nor anything about them', async () => {
    const collection = await collect();
    expect(JSON.stringify(collection.identities)).not.toContain('jane@example.com');
    expect(JSON.stringify(collection.edges)).not.toContain('jane@example.com');
    expect(collection.progress).toContain('1 binding subjects are users or groups: not inventoried');
  });

  it('pages every listing with limit and continue, and sends the bearer token of the credentials entry on every request', async () => {
    const collection = await collect({ credentialsReference: 'cluster-json' });
    expect(collection.error).toBeUndefined();
    const requests = peer.proxy.received;
    expect(requests.every((request) => request.method === 'GET' && request.authorization === `Bearer ${CLUSTER_TOKEN}`)).toBe(true);
    // Three service accounts two at a time: the first page, then the second by its continue token.
    const accounts = requestsTo('ServiceAccount').map((request) => new URL(request.url, 'https://x').searchParams);
    expect(accounts.map((query) => query.get('limit'))).toEqual(['2', '2']);
    expect(accounts[0]?.get('continue')).toBeNull();
    expect(accounts[1]?.get('continue')).not.toBeNull();
    expect(new Set(requests.map((request) => request.path))).toEqual(
      new Set(['ServiceAccount', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding', 'Deployment', 'StatefulSet', 'DaemonSet', 'CronJob', 'Job', 'Pod'].map(listingPathOf)),
    );
  });

  it('names workloads on their service accounts only, without includeWorkloads', async () => {
    const collection = await collect({ includeWorkloads: false });
    expect(collection.error).toBeUndefined();
    expect(ids(collection, 'k8s_workload')).toEqual([]);
    expect(collection.edges.filter((edge) => edge.type === 'AUTHENTICATES_WITH')).toEqual([]);
    const test = collection.identities.find((identity) => identity.externalId === account('test-ns', 'test-sa'));
    expect(test?.attributes.workloads).toEqual([{ kind: 'CronJob', namespace: 'test-ns', name: 'report' }]);
  });

  it('reads only what the enabled capabilities cover, and relates nothing without relationship_discovery', async () => {
    const collection = await collect({ capabilities: ['service_account_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(ids(collection)).toEqual(expectedIdentities().k8s_service_account);
    expect(collection.edges).toEqual([]);
    expect(new Set(peer.proxy.received.map((request) => request.path))).toEqual(new Set([listingPathOf('ServiceAccount')]));
    const demo = collection.identities.find((identity) => identity.externalId === account('demo-ns', 'demo-sa'));
    expect(demo?.attributes).not.toHaveProperty('roleBindings');
    expect(demo?.attributes).not.toHaveProperty('workloads');
  });

  it('no longer collects a service account the cluster deleted, nor its edges', async () => {
    const [another] = peer.fixture.serviceAccounts.filter((object) => object.metadata.name === 'another-sa');
    await peer.delete(another!);
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    expect(ids(collection, 'k8s_service_account')).toEqual([account('demo-ns', 'demo-sa'), account('test-ns', 'test-sa')]);
    // secret-manager was given to another-sa only: no longer a permission set of a collected machine.
    expect(ids(collection, 'k8s_role')).toEqual([roleExternalId(endpoint(), 'demo-ns', 'pod-reader')]);
    expect(edgeList(collection)).toEqual(expectedEdges().filter((edge) => !edge.includes(account('demo-ns', 'another-sa'))));
  });
});

describe('cluster collector pace', () => {
  // Spec 8: at most 10 requests per second per connector.
  const PER_SECOND = 10;
  // A request reaches the peer's log later than it started by the connection's latency (a TLS
  // handshake on a new connection), more on a loaded machine: this much of a second is allowed.
  const ARRIVAL_JITTER_MS = 250;

  it('sends no more than 10 requests in any second, measured from the peer\'s request log', async () => {
    // One object a page: about twenty requests, two seconds' worth.
    const collection = await collect({ collector: createClusterCollector({ pageSize: 1, maxPages: 10 }) });
    expect(collection.error).toBeUndefined();
    const arrivals = peer.proxy.received.map((request) => request.at);
    expect(arrivals.length).toBeGreaterThan(PER_SECOND + 5);
    // The (n + 10)th request comes a second or more after the nth: never 11 within one second.
    // The first request opens the connection (a TLS handshake after the pacer let it start): no window is anchored on it.
    const anchored = arrivals.slice(1);
    const spans = anchored.slice(PER_SECOND).map((at, index) => at - anchored[index]!);
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(1_000 - ARRIVAL_JITTER_MS);
  });
});

describe('cluster collector facing a misbehaving cluster', () => {
  it('keeps an object listed on two pages once, and completes', async () => {
    peer.proxy.misPage(listingPathOf('ServiceAccount'), 'overlap');
    peer.proxy.misPage(listingPathOf('ClusterRoleBinding'), 'overlap');
    const collection = await collect();
    expect(collection.error).toBeUndefined();
    // Three accounts, each page repeating the last of the one before: pages [0, 1], [1, 2], [2].
    expect(requestsTo('ServiceAccount')).toHaveLength(3);
    expect(ids(collection, 'k8s_service_account')).toEqual(expectedIdentities().k8s_service_account);
    expect(new Set(ids(collection)).size).toBe(collection.identities.length);
    expect(edgeList(collection)).toEqual(expectedEdges());
  });

  it('stops a listing whose continue token comes back: nothing read yet, the collection fails', async () => {
    peer.proxy.misPage(listingPathOf('ServiceAccount'), 'repeat');
    const collection = await collect();
    expectFailedBeforeEmitting(collection);
    expect(collection.error).toBeInstanceOf(ListingError);
    expect((collection.error as Error).message).toMatch(/repeated a continue token/);
    expect(requestsTo('ServiceAccount')).toHaveLength(2);
    expect(requestsTo('Role')).toEqual([]);
  });

  it('stops a listing that never ends at the page limit: a partial collection of what was complete', async () => {
    peer.proxy.misPage(listingPathOf('Pod'), 'endless');
    const collection = await collect();
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/pods.*more than 5 pages/);
    expect(requestsTo('Pod')).toHaveLength(5);
    // Service accounts name their workloads, so they wait for a complete run; roles and the other workloads do not.
    expect(ids(collection, 'k8s_service_account')).toEqual([]);
    expect(ids(collection, 'k8s_role')).toEqual(expectedIdentities().k8s_role);
    expect(ids(collection, 'k8s_workload')).toEqual(expectedIdentities().k8s_workload.filter((id) => !id.includes('#pod:')));
    expect(edgeList(collection)).toEqual(expectedEdges());
  });

  it('obeys Retry-After in seconds on a 429, and completes', async () => {
    const clock = virtualClock();
    peer.proxy.answer(listingPathOf('ServiceAccount'), { status: 429, headers: { 'retry-after': '3', 'content-type': 'application/json' }, body: '{}' });
    const collection = await collect({ capabilities: ['service_account_discovery'], clock });
    expect(collection.error).toBeUndefined();
    expect(clock.sleeps).toEqual([3_000]);
    expect(requestsTo('ServiceAccount')).toHaveLength(3);
    expect(ids(collection)).toEqual(expectedIdentities().k8s_service_account);
  });

  it('obeys Retry-After as an HTTP date on a 429, and completes', async () => {
    const clock = virtualClock();
    peer.proxy.answer(listingPathOf('ServiceAccount'), { status: 429, headers: { 'retry-after': new Date(clock.now() + 7_000).toUTCString() }, body: '' });
    const collection = await collect({ capabilities: ['service_account_discovery'], clock });
    expect(collection.error).toBeUndefined();
    expect(clock.sleeps).toEqual([7_000]);
    expect(ids(collection)).toEqual(expectedIdentities().k8s_service_account);
  });

  it('gives up after three attempts when the cluster keeps failing', async () => {
    const clock = virtualClock();
    const unavailable = { status: 503, headers: { 'content-type': 'application/json' }, body: '{"kind":"Status","code":503}' };
    peer.proxy.answer(listingPathOf('ServiceAccount'), unavailable, unavailable, unavailable);
    const collection = await collect({ capabilities: ['service_account_discovery'], clock });
    expectFailedBeforeEmitting(collection);
    expect((collection.error as ProviderCallError).status).toBe(503);
    expect(clock.sleeps).toEqual([1_000, 2_000]);
    expect(requestsTo('ServiceAccount')).toHaveLength(3);
  });

  it('never retries an authentication failure', async () => {
    peer.proxy.answer(listingPathOf('ServiceAccount'), { status: 401, headers: { 'content-type': 'application/json' }, body: '{"kind":"Status","code":401,"reason":"Unauthorized"}' });
    const collection = await collect();
    expectFailedBeforeEmitting(collection);
    expect(collection.error).toBeInstanceOf(ProviderCallError);
    expect((collection.error as ProviderCallError).status).toBe(401);
    expect(peer.proxy.received).toHaveLength(1);
  });

  it('never retries an authorization failure; one on a later listing makes the collection partial', async () => {
    peer.proxy.answer(listingPathOf('ClusterRoleBinding'), { status: 403, headers: { 'content-type': 'application/json' }, body: '{"kind":"Status","code":403,"reason":"Forbidden"}' });
    const collection = await collect();
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/HTTP 403/);
    expect(requestsTo('ClusterRoleBinding')).toHaveLength(1);
    // Nothing after the failed listing was read; service accounts and roles wait for all their bindings.
    expect(requestsTo('Deployment')).toEqual([]);
    expect(collection.identities).toEqual([]);
    // What was read stands: the annotations' cloud identities, and the RoleBindings' grants.
    const grantedByRoleBindings = [
      `${account('demo-ns', 'demo-sa')} HAS_PERMISSION ${roleExternalId(endpoint(), 'demo-ns', 'pod-reader')}`,
      `${account('demo-ns', 'another-sa')} HAS_PERMISSION ${roleExternalId(endpoint(), 'demo-ns', 'secret-manager')}`,
      `${account('test-ns', 'test-sa')} HAS_PERMISSION ${clusterRoleExternalId(endpoint(), 'pod-viewer')}`,
    ];
    expect(edgeList(collection)).toEqual([...expectedEdges().filter((edge) => edge.includes(' ASSUMES ')), ...grantedByRoleBindings].sort());
  });

  it('refuses a response over the size limit', async () => {
    peer.proxy.answer(listingPathOf('ServiceAccount'), { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x20) });
    const collection = await collect();
    expectFailedBeforeEmitting(collection);
    expect((collection.error as ProviderCallError).failure).toBe('too_large');
    expect(requestsTo('ServiceAccount')).toHaveLength(1);
  });

  it('refuses a redirect and never follows it', async () => {
    peer.proxy.answer(listingPathOf('ServiceAccount'), { status: 307, headers: { location: `${peer.mock.origin}${listingPathOf('ServiceAccount')}` } });
    const collection = await collect();
    expectFailedBeforeEmitting(collection);
    expect((collection.error as ProviderCallError).failure).toBe('redirect');
    expect(peer.proxy.received).toHaveLength(1);
  });

  it('refuses an answer that is not JSON', async () => {
    peer.proxy.answer(listingPathOf('ServiceAccount'), { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>login</html>' });
    const collection = await collect();
    expectFailedBeforeEmitting(collection);
    expect(requestsTo('ServiceAccount')).toHaveLength(1);
  });
});

describe('cluster collector before any request', () => {
  it('verifies TLS against the deployment CA only: without it nothing is collected', async () => {
    const collection = await collect({ trustedCaPem: undefined, clock: virtualClock() });
    expectFailedBeforeEmitting(collection);
    expect((collection.error as ProviderCallError).failure).toBe('network');
    expect((collection.error as Error).message).toMatch(/certificate/i);
  });

  it('is refused a host the operator has not permitted, and sends nothing', async () => {
    const collection = await collect({ policy: { allowedHosts: ['k8s.example.com'], allowPrivate: true } });
    expectFailedBeforeEmitting(collection);
    expect((collection.error as ProviderCallError).failure).toBe('refused');
    expect(peer.proxy.received).toEqual([]);
  });

  it('fails with configuration_error for a credentials entry without a token, and sends nothing', async () => {
    const collection = await collect({ credentialsReference: 'no-token' });
    expectFailedBeforeEmitting(collection);
    expect(collection.error).toBeInstanceOf(AppError);
    expect((collection.error as AppError).code).toBe('configuration_error');
    expect((collection.error as AppError).message).toContain('"no-token"');
    expect(peer.proxy.received).toEqual([]);
  });

  it("never uses another organization's credentials entry: the session fails before any request", async () => {
    const attempt = await collect({ organization: otherOrgId }).catch((error: unknown) => error);
    expect(attempt).toBeInstanceOf(AppError);
    expect((attempt as AppError).code).toBe('configuration_error');
    expect(peer.proxy.received).toEqual([]);
  });
});
