// Test-only: the cluster the connector's tests collect, fabric8's Kubernetes API
// mock (CRUD mode, started once per test file) holding the fixture's objects, behind
// the paging and failure-playing proxy (cluster-proxy.ts) the connector is pointed at.
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { collectionPathOf, listingPathOf, objectPathOf, readClusterFixture, type ClusterObjects, type KubernetesObject } from './cluster-fixture.js';
import { startClusterProxy, type ClusterProxy } from './cluster-proxy.js';
import { startKubernetesMock, type KubernetesMock } from './kubernetes-mock.js';

export interface KubernetesPeer {
  /** The proxy: the endpoint a connector names, its request log and its failure script. */
  proxy: ClusterProxy;
  mock: KubernetesMock;
  /** The fixture's objects, as seeded. */
  fixture: ClusterObjects;
  create(object: KubernetesObject): Promise<void>;
  delete(object: KubernetesObject): Promise<void>;
  /** Back to exactly the fixture's objects, and the proxy reset. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const KINDS = ['ServiceAccount', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding', 'Deployment', 'StatefulSet', 'DaemonSet', 'CronJob', 'Job', 'Pod'];

export async function startKubernetesPeer(certificates: TestCertificates): Promise<KubernetesPeer> {
  const mock = await startKubernetesMock();
  const proxy = await startClusterProxy(certificates, mock);
  const fixture = readClusterFixture();

  async function create(object: KubernetesObject): Promise<void> {
    const answer = await mock.request('POST', collectionPathOf(object), object);
    if (answer.status !== 201 && answer.status !== 200) throw new Error(`the Kubernetes mock refused ${object.kind} ${object.metadata.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  async function remove(object: KubernetesObject): Promise<void> {
    const answer = await mock.request('DELETE', objectPathOf(object));
    if (answer.status !== 200) throw new Error(`the Kubernetes mock did not delete ${object.kind} ${object.metadata.name}: ${answer.status}`);
  }

  async function restore(): Promise<void> {
    proxy.reset();
    const listed = await Promise.all(KINDS.map(async (kind) => ((await mock.request('GET', listingPathOf(kind))).body as { items?: KubernetesObject[] }).items?.map((object) => ({ ...object, kind })) ?? []));
    await Promise.all(listed.flat().map(remove));
    await Promise.all(Object.values(fixture).flat().map(create));
  }

  try {
    await restore();
  } catch (error) {
    await Promise.all([proxy.close(), mock.close()]);
    throw error;
  }
  return {
    proxy,
    mock,
    fixture,
    create,
    delete: remove,
    restore,
    close: async () => {
      await proxy.close();
      await mock.close();
    },
  };
}
