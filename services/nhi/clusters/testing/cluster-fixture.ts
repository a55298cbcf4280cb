// Test-only: the cluster fixture (test/fixtures/nhi/kubernetes/cluster.json, in the
// shape of cartography's tests/data/kubernetes/rbac.py; its README says what comes
// from where), and where each object lives in the Kubernetes API.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ListingName } from '../cluster-inventory.js';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [member: string]: unknown };
  [member: string]: unknown;
}

export type ClusterObjects = Record<ListingName, KubernetesObject[]>;

const FIXTURE = path.resolve(import.meta.dirname, '../../../../test/fixtures/nhi/kubernetes/cluster.json');

const LISTINGS: readonly ListingName[] = ['serviceAccounts', 'roles', 'clusterRoles', 'roleBindings', 'clusterRoleBindings', 'deployments', 'statefulSets', 'daemonSets', 'cronJobs', 'jobs', 'pods'];

/** A fresh copy of the fixture's objects, every listing present (empty where the fixture has none). */
export function readClusterFixture(): ClusterObjects {
  const parsed = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Partial<ClusterObjects>;
  return Object.fromEntries(LISTINGS.map((listing) => [listing, parsed[listing] ?? []])) as ClusterObjects;
}

/** API group path and plural of each kind the fixture holds. */
const RESOURCES: Record<string, { prefix: string; plural: string; namespaced: boolean }> = {
  ServiceAccount: { prefix: '/api/v1', plural: 'serviceaccounts', namespaced: true },
  Pod: { prefix: '/api/v1', plural: 'pods', namespaced: true },
  Role: { prefix: '/apis/rbac.authorization.k8s.io/v1', plural: 'roles', namespaced: true },
  RoleBinding: { prefix: '/apis/rbac.authorization.k8s.io/v1', plural: 'rolebindings', namespaced: true },
  ClusterRole: { prefix: '/apis/rbac.authorization.k8s.io/v1', plural: 'clusterroles', namespaced: false },
  ClusterRoleBinding: { prefix: '/apis/rbac.authorization.k8s.io/v1', plural: 'clusterrolebindings', namespaced: false },
  Deployment: { prefix: '/apis/apps/v1', plural: 'deployments', namespaced: true },
  StatefulSet: { prefix: '/apis/apps/v1', plural: 'statefulsets', namespaced: true },
  DaemonSet: { prefix: '/apis/apps/v1', plural: 'daemonsets', namespaced: true },
  CronJob: { prefix: '/apis/batch/v1', plural: 'cronjobs', namespaced: true },
  Job: { prefix: '/apis/batch/v1', plural: 'jobs', namespaced: true },
};

function resourceOf(kind: string) {
  const resource = RESOURCES[kind];
  if (resource === undefined) throw new Error(`the cluster fixture has no path for kind ${kind}`);
  return resource;
}

/** The collection an object is created in (POST). */
export function collectionPathOf(object: KubernetesObject): string {
  const { prefix, plural, namespaced } = resourceOf(object.kind);
  return namespaced ? `${prefix}/namespaces/${object.metadata.namespace ?? 'default'}/${plural}` : `${prefix}/${plural}`;
}

/** The object itself (DELETE). */
export const objectPathOf = (object: KubernetesObject): string => `${collectionPathOf(object)}/${object.metadata.name}`;

/** The cluster-wide listing of a kind, as the collector reads it. */
export function listingPathOf(kind: string): string {
  const { prefix, plural } = resourceOf(kind);
  return `${prefix}/${plural}`;
}
