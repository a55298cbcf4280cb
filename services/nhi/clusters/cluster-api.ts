// The Kubernetes API through @kubernetes/client-node, with the connector's provider
// client as its only HTTP transport: client-node builds each request and parses
// each answer, and the provider client sends it (the connector egress policy, TLS
// verified against Node's roots and CONNECTOR_CA_FILE only, redirects refused,
// responses size-limited, 10 requests per second, at most three attempts with
// Retry-After obeyed, authentication and authorization failures never retried).
// client-node's generated API classes have no retries of their own, and no KubeConfig
// is loaded, so nothing reaches the network any other way (no exec plugins, no
// proxies from the environment).
//
// Listings are paged with limit and continue to their end.
import type * as ClientNodeModule from '@kubernetes/client-node';
import type { V1ListMeta, V1ObjectMeta } from '@kubernetes/client-node';
import type { ProviderClient } from '../connectors/index.js';
import type { ListingItems, ListingName } from './cluster-inventory.js';

type ClientNode = typeof ClientNodeModule;

let loading: Promise<ClientNode> | undefined;
/** client-node takes over a second to import: loaded by the first cluster collection, not by every start of the service. */
const clientNode = (): Promise<ClientNode> => (loading ??= import('@kubernetes/client-node'));

export interface PagingLimits {
  /** Objects asked for per page (limit). */
  pageSize: number;
  /** A listing with more pages than this is stopped: it would never end. */
  maxPages: number;
}

/** Thrown when a listing cannot be followed to its end for a reason of the cluster's own making. */
export class ListingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListingError';
  }
}

interface Page<T> {
  items: T[];
  metadata?: V1ListMeta;
}
type PageRequest = { limit: number; _continue?: string };

interface ClusterApi {
  /** Every object of the listing, page by page to the end; an object on two pages is kept once (the later copy). */
  list<Name extends ListingName>(listing: Name): Promise<ListingItems[Name][]>;
}

/** What the Kubernetes API calls each listing, for progress and failure messages. */
export const listingResources: Record<ListingName, string> = {
  serviceAccounts: 'serviceaccounts',
  roles: 'roles.rbac.authorization.k8s.io',
  clusterRoles: 'clusterroles.rbac.authorization.k8s.io',
  roleBindings: 'rolebindings.rbac.authorization.k8s.io',
  clusterRoleBindings: 'clusterrolebindings.rbac.authorization.k8s.io',
  deployments: 'deployments.apps',
  statefulSets: 'statefulsets.apps',
  daemonSets: 'daemonsets.apps',
  cronJobs: 'cronjobs.batch',
  jobs: 'jobs.batch',
  pods: 'pods',
};

export async function connectCluster(endpoint: string, client: ProviderClient, authorization: string, limits: PagingLimits): Promise<ClusterApi> {
  const k8s = await clientNode();
  const configuration = k8s.createConfiguration({
    // The endpoint may carry a path (a cluster behind a management proxy); the API paths follow it.
    baseServer: new k8s.ServerConfiguration(endpoint.replace(/\/+$/, ''), {}),
    httpApi: k8s.wrapHttpLibrary(providerHttpLibrary(k8s, client)),
    authMethods: { BearerToken: authorization },
  });
  const core = new k8s.CoreV1Api(configuration);
  const rbac = new k8s.RbacAuthorizationV1Api(configuration);
  const apps = new k8s.AppsV1Api(configuration);
  const batch = new k8s.BatchV1Api(configuration);
  const readers: { [Name in ListingName]: (page: PageRequest) => Promise<Page<ListingItems[Name]>> } = {
    serviceAccounts: (page) => core.listServiceAccountForAllNamespaces(page),
    roles: (page) => rbac.listRoleForAllNamespaces(page),
    clusterRoles: (page) => rbac.listClusterRole(page),
    roleBindings: (page) => rbac.listRoleBindingForAllNamespaces(page),
    clusterRoleBindings: (page) => rbac.listClusterRoleBinding(page),
    deployments: (page) => apps.listDeploymentForAllNamespaces(page),
    statefulSets: (page) => apps.listStatefulSetForAllNamespaces(page),
    daemonSets: (page) => apps.listDaemonSetForAllNamespaces(page),
    cronJobs: (page) => batch.listCronJobForAllNamespaces(page),
    jobs: (page) => batch.listJobForAllNamespaces(page),
    pods: (page) => core.listPodForAllNamespaces(page),
  };
  return {
    list: (listing) => readAll(listingResources[listing], readers[listing], limits),
  };
}

async function readAll<T extends { metadata?: V1ObjectMeta }>(resource: string, read: (page: PageRequest) => Promise<Page<T>>, limits: PagingLimits): Promise<T[]> {
  const objects = new Map<string, T>();
  const seenTokens = new Set<string>();
  let token: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await read({ limit: limits.pageSize, ...(token === undefined ? {} : { _continue: token }) });
    if (!Array.isArray(answer.items)) throw new ListingError(`the ${resource} listing answered without items`);
    for (const object of answer.items) objects.set(`${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''}`, object);
    token = answer.metadata?._continue || undefined;
    if (token === undefined) return [...objects.values()];
    if (seenTokens.has(token)) throw new ListingError(`the ${resource} listing repeated a continue token: it would never end`);
    if (page >= limits.maxPages) throw new ListingError(`the ${resource} listing has more than ${limits.maxPages} pages`);
    seenTokens.add(token);
  }
}

/** client-node's HTTP library, sending each request through the provider client. */
function providerHttpLibrary(k8s: ClientNode, client: ProviderClient): ClientNodeModule.PromiseHttpLibrary {
  return {
    async send(request) {
      // A collection only reads: anything else would be a mistake of ours, never sent.
      if (request.getHttpMethod() !== k8s.HttpMethod.GET) throw new Error(`a cluster collection sends only GET requests, not ${request.getHttpMethod()}`);
      const response = await client.request({ url: request.getUrl(), method: 'GET', headers: request.getHeaders() });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return new k8s.ResponseContext(response.status, headers, { text: async () => response.body.toString('utf8'), binary: async () => response.body });
    },
  };
}
