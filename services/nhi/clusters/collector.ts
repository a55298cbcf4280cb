// The cluster collector (spec 2.12): a Kubernetes cluster's
// service accounts (service_account_discovery), the Roles and ClusterRoles their
// bindings give them (role_binding_discovery), the workloads that run as them
// (workload_discovery; identities of their own with includeWorkloads, otherwise
// named on their service accounts) and the edges between them and to the cloud
// identities they assume (relationship_discovery). cluster-inventory.ts says what
// the objects mean; this file reads them.
//
// Every listing is read to its end before anything is emitted. The first listing
// that fails stops the reading: with something to emit the collection is partial
// (PartialCollectionError, so the pipeline removes nothing), with nothing it fails
// with the listing's error.
import { AppError } from '../../platform/errors.js';
import { PartialCollectionError, type CollectionContext, type Collector } from '../collection/index.js';
import { bearerAuthorization } from '../connectors/index.js';
import { connectCluster, listingResources, type PagingLimits } from './cluster-api.js';
import { clusterInventory, rbacListings, workloadListings, type ClusterSnapshot, type ListingName } from './cluster-inventory.js';

/** Objects per page: kubectl's own chunk size. */
export const DEFAULT_PAGE_SIZE = 500;
/** 500,000 objects of one kind at the default page size. */
const DEFAULT_MAX_PAGES = 1_000;

/** Which capability enables each listing, in reading order: service accounts first, since the rest is about them. */
const listingCapabilities: readonly (readonly [ListingName, string])[] = [
  ['serviceAccounts', 'service_account_discovery'],
  ...rbacListings.map((listing) => [listing, 'role_binding_discovery'] as const),
  ...workloadListings.map((listing) => [listing, 'workload_discovery'] as const),
];

export function createClusterCollector(limits: Partial<PagingLimits> = {}): Collector {
  const paging: PagingLimits = { pageSize: limits.pageSize ?? DEFAULT_PAGE_SIZE, maxPages: limits.maxPages ?? DEFAULT_MAX_PAGES };
  return {
    kind: 'container_cluster',
    async collect(context: CollectionContext): Promise<void> {
      const { connector, session } = context;
      const endpoint = connector.endpoint;
      if (endpoint === null) throw new AppError('configuration_error', 'a container_cluster connector needs an endpoint');
      const authorization = bearerAuthorization(session.credentials);
      if (authorization === undefined) throw new AppError('configuration_error', `credentials entry "${session.credentials.reference}" holds no bearer token, which the cluster connector authenticates with`);
      const enabled = new Set(connector.enabledCapabilities);
      const wanted = new Set(listingCapabilities.filter(([, capability]) => enabled.has(capability)).map(([listing]) => listing));

      const api = await connectCluster(endpoint, session.client, authorization, paging);
      const snapshot: ClusterSnapshot = {};
      let failure: unknown;
      for (const listing of wanted) {
        context.progress(`listing ${listingResources[listing]}`);
        try {
          // Each listing into its own member of the snapshot: the assertion only pairs the name with its type.
          (snapshot as Record<ListingName, unknown>)[listing] = await api.list(listing);
        } catch (error) {
          failure = error;
          break;
        }
      }

      const inventory = clusterInventory(snapshot, { endpoint, wanted, includeWorkloads: connector.settings.includeWorkloads === true, relationships: enabled.has('relationship_discovery') });
      if (inventory.subjectsNotInventoried > 0) context.progress(`${inventory.subjectsNotInventoried} binding subjects are users or groups: not inventoried`);
      if (failure !== undefined && inventory.identities.length === 0 && inventory.edges.length === 0) throw failure;
      for (const identity of inventory.identities) await context.emitIdentity(identity);
      for (const edge of inventory.edges) await context.emitEdge(edge);
      if (failure !== undefined) {
        const read = Object.keys(snapshot).map((listing) => listingResources[listing as ListingName]);
        throw new PartialCollectionError(`the cluster failed after ${read.length} listings (${read.join(', ')}) were read: ${failure instanceof Error ? failure.message : String(failure)}`);
      }
    },
  };
}

export const clusterCollector: Collector = createClusterCollector();
