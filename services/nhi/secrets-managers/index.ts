// NHI secrets managers: the connector kind secrets_manager, a Vault
// or OpenBao server collected through its HTTP API over the connector's provider
// client. The collection pipeline runs the collector.
export { classifyEntity, secretsManagerCollector, secretsManagerIdentityKinds, vaultIds } from './collector.js';
