// NHI clusters: the connector kind container_cluster, a Kubernetes
// API server collected with @kubernetes/client-node through the connector's provider
// client. The collection pipeline runs the collector.
export { clusterCollector } from './collector.js';
export { clusterIdentityKinds, serviceAccountExternalId, roleExternalId, clusterRoleExternalId, workloadExternalId } from './cluster-inventory.js';
