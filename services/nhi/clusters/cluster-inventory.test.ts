// What the cluster's objects mean for the inventory, on objects written here for the
// cases the fixture does not hold (the fixture's own case runs against the mock in
// collector.test.ts).
import type { V1ClusterRole, V1ClusterRoleBinding, V1Pod, V1Role, V1RoleBinding, V1ServiceAccount } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { cloudIdentitiesOf } from './cloud-identities.js';
import { clusterInventory, clusterRoleExternalId, rbacListings, serviceAccountExternalId, workloadListings, type ClusterScope, type ClusterSnapshot, type ListingName } from './cluster-inventory.js';

const ENDPOINT = 'https://k8s.example.com:6443';
const everything: ListingName[] = ['serviceAccounts', ...rbacListings, ...workloadListings];
const scope = (overrides: Partial<ClusterScope> = {}): ClusterScope => ({ endpoint: ENDPOINT, wanted: new Set(everything), includeWorkloads: true, relationships: true, ...overrides });
const emptyListings = Object.fromEntries(everything.map((listing) => [listing, []])) as ClusterSnapshot;

const serviceAccount = (namespace: string, name: string, annotations?: Record<string, string>): V1ServiceAccount => ({ metadata: { namespace, name, annotations } });
const clusterRole = (name: string): V1ClusterRole => ({ metadata: { name }, rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }] });
const role = (namespace: string, name: string): V1Role => ({ metadata: { namespace, name }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get'] }] });
const clusterBinding = (name: string, roleName: string, subjects: V1ClusterRoleBinding['subjects']): V1ClusterRoleBinding => ({
  metadata: { name },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName },
  subjects,
});
const roleBinding = (namespace: string, name: string, roleRef: V1RoleBinding['roleRef'], subjects: V1RoleBinding['subjects']): V1RoleBinding => ({ metadata: { namespace, name }, roleRef, subjects });

const account = (namespace: string, name: string) => serviceAccountExternalId(ENDPOINT, namespace, name);
const edges = (snapshot: ClusterSnapshot, overrides?: Partial<ClusterScope>) =>
  clusterInventory(snapshot, scope(overrides))
    .edges.map((edge) => `${edge.fromExternalId} ${edge.type} ${edge.toExternalId}`)
    .sort();
const identities = (snapshot: ClusterSnapshot, overrides?: Partial<ClusterScope>) =>
  clusterInventory(snapshot, scope(overrides))
    .identities.map((identity) => identity.externalId)
    .sort();

describe('cluster inventory: binding subjects', () => {
  const accounts = [serviceAccount('shop', 'web'), serviceAccount('shop', 'worker'), serviceAccount('ops', 'backup')];

  it("gives a role to the service accounts Kubernetes' own user and group names stand for, and never keeps a person", () => {
    const snapshot: ClusterSnapshot = {
      ...emptyListings,
      serviceAccounts: accounts,
      clusterRoles: [clusterRole('everyone'), clusterRole('shop-only'), clusterRole('by-user-name')],
      clusterRoleBindings: [
        clusterBinding('all-accounts', 'everyone', [{ kind: 'Group', name: 'system:serviceaccounts' }, { kind: 'Group', name: 'system:masters' }, { kind: 'ServiceAccount', name: 'web', namespace: 'shop' }]),
        clusterBinding('shop-accounts', 'shop-only', [{ kind: 'Group', name: 'system:serviceaccounts:shop' }, { kind: 'User', name: 'alice@example.com' }]),
        clusterBinding('by-name', 'by-user-name', [{ kind: 'User', name: 'system:serviceaccount:ops:backup' }]),
      ],
    };
    const inventory = clusterInventory(snapshot, scope());
    expect(edges(snapshot)).toEqual(
      [
        `${account('shop', 'web')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'everyone')}`,
        `${account('shop', 'worker')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'everyone')}`,
        `${account('ops', 'backup')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'everyone')}`,
        `${account('shop', 'web')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'shop-only')}`,
        `${account('shop', 'worker')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'shop-only')}`,
        `${account('ops', 'backup')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'by-user-name')}`,
      ].sort(),
    );
    expect(inventory.subjectsNotInventoried).toBe(2);
    // web is named twice by all-accounts (by name and through the group): one grant.
    const web = inventory.identities.find((identity) => identity.externalId === account('shop', 'web'));
    expect((web?.attributes.roleBindings as { binding: { name: string } }[]).map((grant) => grant.binding.name)).toEqual(['all-accounts', 'shop-accounts']);
    expect(JSON.stringify(inventory)).not.toMatch(/alice@example\.com|system:masters/);
  });

  it("reads a RoleBinding's service account without a namespace as its own namespace's, and scopes a ClusterRole it grants to that namespace", () => {
    const snapshot: ClusterSnapshot = {
      ...emptyListings,
      serviceAccounts: accounts,
      clusterRoles: [clusterRole('reader')],
      roleBindings: [roleBinding('shop', 'readers', { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'reader' }, [{ kind: 'ServiceAccount', name: 'worker' }])],
    };
    const worker = clusterInventory(snapshot, scope()).identities.find((identity) => identity.externalId === account('shop', 'worker'));
    expect(worker?.attributes.roleBindings).toEqual([
      { binding: { kind: 'RoleBinding', namespace: 'shop', name: 'readers' }, role: { kind: 'ClusterRole', name: 'reader' }, scope: 'namespace shop', roleFound: true },
    ]);
    expect(edges(snapshot)).toEqual([`${account('shop', 'worker')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'reader')}`]);
  });

  it('records a grant of a role the cluster does not hold without an edge, and relates no service account the cluster does not hold', () => {
    const snapshot: ClusterSnapshot = {
      ...emptyListings,
      serviceAccounts: accounts,
      roles: [role('shop', 'config-reader')],
      roleBindings: [
        roleBinding('shop', 'dangling', { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'not-created-yet' }, [{ kind: 'ServiceAccount', name: 'web', namespace: 'shop' }]),
        roleBinding('shop', 'to-a-ghost', { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'config-reader' }, [{ kind: 'ServiceAccount', name: 'deleted', namespace: 'shop' }]),
      ],
    };
    const inventory = clusterInventory(snapshot, scope());
    expect(inventory.edges).toEqual([]);
    // config-reader is given only to an account that does not exist: not a machine's permission set.
    expect(inventory.identities.map((identity) => identity.kind)).toEqual(['k8s_service_account', 'k8s_service_account', 'k8s_service_account']);
    const web = inventory.identities.find((identity) => identity.externalId === account('shop', 'web'));
    expect(web?.attributes.roleBindings).toEqual([{ binding: { kind: 'RoleBinding', namespace: 'shop', name: 'dangling' }, role: { kind: 'Role', namespace: 'shop', name: 'not-created-yet' }, scope: 'namespace shop', roleFound: false }]);
  });
});

describe('cluster inventory: what a partial collection may emit', () => {
  const snapshot: ClusterSnapshot = {
    serviceAccounts: [serviceAccount('shop', 'web', { 'eks.amazonaws.com/role-arn': 'arn:aws:iam::123456789012:role/web' })],
    roles: [],
    clusterRoles: [clusterRole('reader')],
    roleBindings: [],
    clusterRoleBindings: [clusterBinding('readers', 'reader', [{ kind: 'ServiceAccount', name: 'web', namespace: 'shop' }])],
    deployments: [],
    // statefulSets and the rest were not read.
  };

  it('keeps a service account back while a listing it names is missing, and emits roles and edges whose ends were read', () => {
    expect(identities(snapshot)).toEqual([clusterRoleExternalId(ENDPOINT, 'reader')]);
    expect(edges(snapshot)).toEqual([`${account('shop', 'web')} ASSUMES arn:aws:iam::123456789012:role/web`, `${account('shop', 'web')} HAS_PERMISSION ${clusterRoleExternalId(ENDPOINT, 'reader')}`].sort());
  });

  it('emits the service account when what is missing was never wanted', () => {
    const wanted = new Set<ListingName>(['serviceAccounts', ...rbacListings]);
    expect(identities(snapshot, { wanted })).toEqual([account('shop', 'web'), clusterRoleExternalId(ENDPOINT, 'reader')].sort());
  });
});

describe('cluster inventory: workloads', () => {
  const pod = (name: string, spec: V1Pod['spec'], controlled = false): V1Pod => ({
    metadata: { namespace: 'shop', name, ...(controlled ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'u', controller: true }] } : {}) },
    spec,
  });

  it("runs a pod without a service account name as its namespace's default, reads the deprecated serviceAccount, and skips a controller's pods", () => {
    const snapshot: ClusterSnapshot = {
      ...emptyListings,
      serviceAccounts: [serviceAccount('shop', 'default'), serviceAccount('shop', 'legacy')],
      pods: [pod('bare', { containers: [] }), pod('old-style', { serviceAccount: 'legacy', containers: [] }), pod('web-1-abcde', { serviceAccountName: 'legacy', containers: [] }, true)],
    };
    expect(edges(snapshot).filter((edge) => edge.includes('AUTHENTICATES_WITH'))).toEqual(
      [`k8s:${ENDPOINT}#pod:shop/bare AUTHENTICATES_WITH ${account('shop', 'default')}`, `k8s:${ENDPOINT}#pod:shop/old-style AUTHENTICATES_WITH ${account('shop', 'legacy')}`].sort(),
    );
  });
});

describe('cluster inventory: names', () => {
  it('names a cluster the same with or without a trailing slash on its endpoint', () => {
    expect(serviceAccountExternalId(`${ENDPOINT}/`, 'shop', 'web')).toBe(serviceAccountExternalId(ENDPOINT, 'shop', 'web'));
  });
});

describe('cloud identities from annotations', () => {
  it('reads the three providers, normalizing case where the provider ignores it', () => {
    const found = cloudIdentitiesOf({
      annotations: {
        'eks.amazonaws.com/role-arn': 'arn:aws-us-gov:iam::123456789012:role/team/app-role',
        'iam.gke.io/gcp-service-account': 'App@Project-1.iam.gserviceaccount.com',
        'azure.workload.identity/client-id': '5B3C7D1E-2F4A-4B6C-8D9E-0A1B2C3D4E5F',
        'azure.workload.identity/tenant-id': 'not-a-tenant',
      },
    });
    expect(found).toEqual([
      { provider: 'aws', annotation: 'eks.amazonaws.com/role-arn', roleArn: 'arn:aws-us-gov:iam::123456789012:role/team/app-role' },
      { provider: 'gcp', annotation: 'iam.gke.io/gcp-service-account', serviceAccount: 'app@project-1.iam.gserviceaccount.com' },
      { provider: 'azure', annotation: 'azure.workload.identity/client-id', clientId: '5b3c7d1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f', tenantId: null },
    ]);
  });

  it('names nothing for a value that is not a well-formed identifier', () => {
    expect(
      cloudIdentitiesOf({
        annotations: {
          'eks.amazonaws.com/role-arn': 'arn:aws:iam::123:role/short-account',
          'iam.gke.io/gcp-service-account': 'someone@example.com',
          'azure.workload.identity/client-id': 'client',
        },
      }),
    ).toEqual([]);
    expect(cloudIdentitiesOf(undefined)).toEqual([]);
  });
});
