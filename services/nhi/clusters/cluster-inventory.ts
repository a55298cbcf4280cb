// What a cluster's objects mean for the inventory: pure, from the listings a
// collection read to the identities and edges it emits (docs/decisions/nhi.md,
// "Collectors").
//
// Identities: service accounts; the Roles and ClusterRoles bindings give them; the
// workloads that run as them (with includeWorkloads). Edges: a service account
// HAS_PERMISSION each role a binding gives it, ASSUMES each cloud identity its
// annotations name, and a workload AUTHENTICATES_WITH the service account it runs as.
// Users and groups named in bindings are people or unknown: Kubernetes holds no
// object for them, and they never enter the inventory. The groups Kubernetes itself
// gives service accounts (system:serviceaccounts[:<namespace>]) and the user name of
// a service account (system:serviceaccount:<namespace>:<name>) are service accounts.
//
// An identity is emitted only when every listing its record depends on was read, so
// a partial collection never overwrites a complete record with a lesser one; an edge
// is emitted when both its ends were read.
import type {
  RbacV1Subject,
  V1ClusterRole,
  V1ClusterRoleBinding,
  V1CronJob,
  V1DaemonSet,
  V1Deployment,
  V1Job,
  V1ObjectMeta,
  V1Pod,
  V1PodSpec,
  V1Role,
  V1RoleBinding,
  V1ServiceAccount,
  V1StatefulSet,
} from '@kubernetes/client-node';
import type { CollectedEdge, CollectedIdentity } from '../collection/index.js';
import { cloudIdentitiesOf, cloudIdentityExternalId } from './cloud-identities.js';

/** Identity kinds the collector emits. */
export const clusterIdentityKinds = {
  serviceAccount: 'k8s_service_account',
  role: 'k8s_role',
  clusterRole: 'k8s_cluster_role',
  workload: 'k8s_workload',
} as const;

/** The objects each listing reads, by listing. */
export interface ListingItems {
  serviceAccounts: V1ServiceAccount;
  roles: V1Role;
  clusterRoles: V1ClusterRole;
  roleBindings: V1RoleBinding;
  clusterRoleBindings: V1ClusterRoleBinding;
  deployments: V1Deployment;
  statefulSets: V1StatefulSet;
  daemonSets: V1DaemonSet;
  cronJobs: V1CronJob;
  jobs: V1Job;
  pods: V1Pod;
}
export type ListingName = keyof ListingItems;

/** What a collection read: a listing absent here was not read (not wanted, or it failed). */
export type ClusterSnapshot = { [Name in ListingName]?: ListingItems[Name][] };

export const rbacListings = ['roles', 'clusterRoles', 'roleBindings', 'clusterRoleBindings'] as const satisfies readonly ListingName[];
export const workloadListings = ['deployments', 'statefulSets', 'daemonSets', 'cronJobs', 'jobs', 'pods'] as const satisfies readonly ListingName[];
type WorkloadListing = (typeof workloadListings)[number];

const WORKLOAD_KINDS: Record<WorkloadListing, string> = {
  deployments: 'Deployment',
  statefulSets: 'StatefulSet',
  daemonSets: 'DaemonSet',
  cronJobs: 'CronJob',
  jobs: 'Job',
  pods: 'Pod',
};

export interface ClusterScope {
  /** The connector's endpoint: every external id is namespaced by it. */
  endpoint: string;
  /** The listings the collection set out to read. */
  wanted: ReadonlySet<ListingName>;
  /** Workloads become identities (includeWorkloads); otherwise they are only named on their service accounts. */
  includeWorkloads: boolean;
  /** relationship_discovery */
  relationships: boolean;
}

interface ClusterInventory {
  identities: CollectedIdentity[];
  edges: CollectedEdge[];
  /** Binding subjects that are users or groups other than service accounts' own: never inventoried. */
  subjectsNotInventoried: number;
}

/**
 * External ids: `k8s:<endpoint>` namespaces what one cluster holds, so the same
 * names in two clusters are two identities; `#serviceaccount:<namespace>/<name>`,
 * `#role:<namespace>/<name>`, `#clusterrole:<name>` and `#<kind>:<namespace>/<name>`
 * for workloads (`#deployment:shop/web`). The endpoint is written without a trailing
 * slash, however the connector's is written.
 */
const clusterExternalId = (endpoint: string): string => `k8s:${endpoint.replace(/\/+$/, '')}`;
export const serviceAccountExternalId = (endpoint: string, namespace: string, name: string): string => `${clusterExternalId(endpoint)}#serviceaccount:${namespace}/${name}`;
export const roleExternalId = (endpoint: string, namespace: string, name: string): string => `${clusterExternalId(endpoint)}#role:${namespace}/${name}`;
export const clusterRoleExternalId = (endpoint: string, name: string): string => `${clusterExternalId(endpoint)}#clusterrole:${name}`;
export const workloadExternalId = (endpoint: string, kind: string, namespace: string, name: string): string => `${clusterExternalId(endpoint)}#${kind.toLowerCase()}:${namespace}/${name}`;

const SERVICE_ACCOUNT_USER = /^system:serviceaccount:([^:]+):([^:]+)$/;
const ALL_SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
const NAMESPACE_SERVICE_ACCOUNTS_GROUP = /^system:serviceaccounts:([^:]+)$/;

interface ObjectName {
  kind: string;
  namespace?: string;
  name: string;
}

interface Grant {
  binding: ObjectName;
  role: ObjectName;
  /** Where the permissions apply: a RoleBinding grants within its namespace, even a ClusterRole's. */
  scope: string;
  roleFound: boolean;
}

interface WorkloadUse {
  kind: string;
  metadata: V1ObjectMeta & { name: string };
  serviceAccount: string;
  podSpec: V1PodSpec | undefined;
}

const key = (namespace: string | undefined, name: string) => `${namespace ?? ''}/${name}`;
const iso = (value: Date | string | undefined): string | null => (value === undefined ? null : new Date(value).toISOString());
const wantsAny = (scope: ClusterScope, listings: readonly ListingName[]) => listings.some((listing) => scope.wanted.has(listing));
const isComplete = (snapshot: ClusterSnapshot, scope: ClusterScope, listings: readonly ListingName[]) => listings.every((listing) => !scope.wanted.has(listing) || snapshot[listing] !== undefined);

export function clusterInventory(snapshot: ClusterSnapshot, scope: ClusterScope): ClusterInventory {
  const { endpoint } = scope;
  const identities: CollectedIdentity[] = [];
  // Two bindings may give one account one role: one edge.
  const edgesByKey = new Map<string, CollectedEdge>();
  const relate = (edge: CollectedEdge) => edgesByKey.set(`${edge.type} ${edge.fromExternalId} ${edge.toExternalId}`, edge);
  const serviceAccounts = new Map((snapshot.serviceAccounts ?? []).filter(named).map((account) => [key(account.metadata.namespace, account.metadata.name), account]));
  const roles = new Map((snapshot.roles ?? []).filter(named).map((role) => [key(role.metadata.namespace, role.metadata.name), role]));
  const clusterRoles = new Map((snapshot.clusterRoles ?? []).filter(named).map((role) => [role.metadata.name, role]));

  // Who each binding grants what. Only read bindings count; subjects that are not service accounts are counted, never kept.
  const grantsOf = new Map<string, Grant[]>();
  let subjectsNotInventoried = 0;
  const bindings: { binding: ObjectName; roleRef: ObjectName; scope: string; subjects: RbacV1Subject[] }[] = [
    ...(snapshot.roleBindings ?? []).filter(named).map((binding) => ({
      binding: { kind: 'RoleBinding', namespace: binding.metadata.namespace, name: binding.metadata.name },
      roleRef: binding.roleRef.kind === 'Role' ? { kind: 'Role', namespace: binding.metadata.namespace, name: binding.roleRef.name } : { kind: binding.roleRef.kind, name: binding.roleRef.name },
      scope: `namespace ${binding.metadata.namespace ?? ''}`,
      subjects: binding.subjects ?? [],
    })),
    ...(snapshot.clusterRoleBindings ?? []).filter(named).map((binding) => ({
      binding: { kind: 'ClusterRoleBinding', name: binding.metadata.name },
      roleRef: { kind: binding.roleRef.kind, name: binding.roleRef.name },
      scope: 'cluster',
      subjects: binding.subjects ?? [],
    })),
  ];
  for (const { binding, roleRef, scope: grantScope, subjects } of bindings) {
    const roleFound = roleRef.kind === 'Role' ? roles.has(key(roleRef.namespace, roleRef.name)) : roleRef.kind === 'ClusterRole' && clusterRoles.has(roleRef.name);
    for (const subject of subjects) {
      const accounts = serviceAccountsOf(subject, binding, serviceAccounts);
      if (accounts === undefined) {
        subjectsNotInventoried++;
        continue;
      }
      // Only service accounts the cluster holds: a binding may name one that does not exist (yet).
      for (const account of accounts.filter((candidate) => serviceAccounts.has(candidate))) {
        const grants = grantsOf.get(account) ?? [];
        // A binding naming an account twice (by name and through its group) grants once.
        if (!grants.some((grant) => grant.binding === binding)) grants.push({ binding, role: roleRef, scope: grantScope, roleFound });
        grantsOf.set(account, grants);
      }
    }
  }

  const uses = workloadUses(snapshot);
  const usesOf = new Map<string, WorkloadUse[]>();
  for (const use of uses) {
    const account = key(use.metadata.namespace, use.serviceAccount);
    usesOf.set(account, [...(usesOf.get(account) ?? []), use]);
  }

  // Service accounts: their own facts, the grants bindings give them and the workloads that run as them.
  const accountsComplete = snapshot.serviceAccounts !== undefined && isComplete(snapshot, scope, [...rbacListings, ...workloadListings]);
  for (const [accountKey, account] of serviceAccounts) {
    const { namespace = '', name } = account.metadata;
    const externalId = serviceAccountExternalId(endpoint, namespace, name);
    const cloudIdentities = cloudIdentitiesOf(account.metadata);
    if (accountsComplete) {
      identities.push({
        externalId,
        kind: clusterIdentityKinds.serviceAccount,
        name: `${namespace}/${name}`,
        attributes: {
          namespace,
          name,
          uid: account.metadata.uid ?? null,
          createdAt: iso(account.metadata.creationTimestamp),
          automountServiceAccountToken: account.automountServiceAccountToken ?? null,
          // Secrets of type kubernetes.io/service-account-token are long-lived tokens; only their names are kept.
          tokenSecrets: (account.secrets ?? []).map((secret) => secret.name).filter((secretName): secretName is string => typeof secretName === 'string'),
          cloudIdentities,
          ...(wantsAny(scope, rbacListings) ? { roleBindings: grantsOf.get(accountKey) ?? [] } : {}),
          ...(wantsAny(scope, workloadListings) ? { workloads: (usesOf.get(accountKey) ?? []).map((use) => ({ kind: use.kind, namespace: use.metadata.namespace ?? '', name: use.metadata.name })) } : {}),
        },
        fingerprint: null,
        // Kubernetes does not report when a service account was last used (spec 8: "not reported").
        lastUsedAt: null,
      });
    }
    if (!scope.relationships) continue;
    for (const cloudIdentity of cloudIdentities) relate({ type: 'ASSUMES', fromExternalId: externalId, toExternalId: cloudIdentityExternalId(cloudIdentity) });
    for (const grant of grantsOf.get(accountKey) ?? []) {
      if (!grant.roleFound) continue;
      relate({ type: 'HAS_PERMISSION', fromExternalId: externalId, toExternalId: roleIdentityExternalId(endpoint, grant.role) });
    }
  }

  // Roles and ClusterRoles that a binding gives to a service account: the permission sets of machines.
  const rolesComplete = isComplete(snapshot, scope, ['serviceAccounts', ...rbacListings]) && rbacListings.every((listing) => snapshot[listing] !== undefined);
  if (rolesComplete) {
    const granted = new Set([...grantsOf.values()].flat().filter((grant) => grant.roleFound).map((grant) => roleIdentityExternalId(endpoint, grant.role)));
    for (const role of roles.values()) {
      const externalId = roleExternalId(endpoint, role.metadata.namespace ?? '', role.metadata.name);
      if (granted.has(externalId)) identities.push(roleIdentity(externalId, clusterIdentityKinds.role, role, `${role.metadata.namespace ?? ''}/${role.metadata.name}`));
    }
    for (const role of clusterRoles.values()) {
      const externalId = clusterRoleExternalId(endpoint, role.metadata.name);
      if (granted.has(externalId)) identities.push(roleIdentity(externalId, clusterIdentityKinds.clusterRole, role, role.metadata.name));
    }
  }

  // Workloads, as identities of their own with includeWorkloads.
  if (scope.includeWorkloads) {
    for (const use of uses) {
      const namespace = use.metadata.namespace ?? '';
      const externalId = workloadExternalId(endpoint, use.kind, namespace, use.metadata.name);
      identities.push({
        externalId,
        kind: clusterIdentityKinds.workload,
        name: `${use.kind} ${namespace}/${use.metadata.name}`,
        attributes: {
          workloadKind: use.kind,
          namespace,
          name: use.metadata.name,
          uid: use.metadata.uid ?? null,
          createdAt: iso(use.metadata.creationTimestamp),
          serviceAccountName: use.serviceAccount,
          automountServiceAccountToken: use.podSpec?.automountServiceAccountToken ?? null,
        },
        fingerprint: null,
        lastUsedAt: null,
      });
      if (scope.relationships && serviceAccounts.has(key(namespace, use.serviceAccount))) {
        relate({ type: 'AUTHENTICATES_WITH', fromExternalId: externalId, toExternalId: serviceAccountExternalId(endpoint, namespace, use.serviceAccount) });
      }
    }
  }
  return { identities, edges: [...edgesByKey.values()], subjectsNotInventoried };
}

function named<T extends { metadata?: V1ObjectMeta }>(object: T): object is T & { metadata: V1ObjectMeta & { name: string } } {
  return typeof object.metadata?.name === 'string' && object.metadata.name !== '';
}

function roleIdentityExternalId(endpoint: string, role: ObjectName): string {
  return role.kind === 'Role' ? roleExternalId(endpoint, role.namespace ?? '', role.name) : clusterRoleExternalId(endpoint, role.name);
}

function roleIdentity(externalId: string, kind: string, role: V1Role | V1ClusterRole, name: string): CollectedIdentity {
  return {
    externalId,
    kind,
    name,
    attributes: {
      ...(role.metadata?.namespace === undefined ? {} : { namespace: role.metadata.namespace }),
      name: role.metadata?.name,
      uid: role.metadata?.uid ?? null,
      createdAt: iso(role.metadata?.creationTimestamp),
      rules: role.rules ?? [],
      // An aggregated ClusterRole's rules are filled in by the cluster from the roles its selectors match.
      ...('aggregationRule' in role && role.aggregationRule !== undefined ? { aggregationRule: role.aggregationRule } : {}),
    },
    fingerprint: null,
    lastUsedAt: null,
  };
}

/**
 * The service accounts (namespace/name keys) a binding subject stands for; undefined
 * for a user or group that is not a service account's.
 */
function serviceAccountsOf(subject: RbacV1Subject, binding: ObjectName, serviceAccounts: ReadonlyMap<string, unknown>): string[] | undefined {
  if (subject.kind === 'ServiceAccount') {
    // A RoleBinding's service account subject without a namespace is the binding's namespace's (RBAC v1 defaulting).
    const namespace = subject.namespace ?? binding.namespace;
    return namespace === undefined ? [] : [key(namespace, subject.name)];
  }
  if (subject.kind === 'User') {
    const match = SERVICE_ACCOUNT_USER.exec(subject.name);
    return match === null ? undefined : [key(match[1]!, match[2]!)];
  }
  if (subject.kind === 'Group') {
    if (subject.name === ALL_SERVICE_ACCOUNTS_GROUP) return [...serviceAccounts.keys()];
    const match = NAMESPACE_SERVICE_ACCOUNTS_GROUP.exec(subject.name);
    return match === null ? undefined : [...serviceAccounts.keys()].filter((account) => account.startsWith(`${match[1]}/`));
  }
  return undefined;
}

/**
 * Workloads and the service account each runs as. Controllers are taken as they are
 * written (Deployments, StatefulSets, DaemonSets, CronJobs); Jobs and Pods only when
 * no controller owns them, since a controller's own Jobs and Pods come and go with it.
 */
function workloadUses(snapshot: ClusterSnapshot): WorkloadUse[] {
  const uses: WorkloadUse[] = [];
  const add = (listing: WorkloadListing, object: { metadata?: V1ObjectMeta }, podSpec: V1PodSpec | undefined) => {
    if (!named(object) || object.metadata.ownerReferences?.some((owner) => owner.controller === true)) return;
    // An empty serviceAccountName runs as the namespace's "default" account; serviceAccount is its deprecated alias.
    const serviceAccount = podSpec?.serviceAccountName || podSpec?.serviceAccount || 'default';
    uses.push({ kind: WORKLOAD_KINDS[listing], metadata: object.metadata, serviceAccount, podSpec });
  };
  for (const deployment of snapshot.deployments ?? []) add('deployments', deployment, deployment.spec?.template.spec);
  for (const statefulSet of snapshot.statefulSets ?? []) add('statefulSets', statefulSet, statefulSet.spec?.template.spec);
  for (const daemonSet of snapshot.daemonSets ?? []) add('daemonSets', daemonSet, daemonSet.spec?.template.spec);
  for (const cronJob of snapshot.cronJobs ?? []) add('cronJobs', cronJob, cronJob.spec?.jobTemplate.spec?.template.spec);
  for (const job of snapshot.jobs ?? []) add('jobs', job, job.spec?.template.spec);
  for (const pod of snapshot.pods ?? []) add('pods', pod, pod.spec);
  return uses;
}
