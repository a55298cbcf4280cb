// NHI tool servers: the connector kind tool_server, a Model
// Context Protocol server collected over streamable HTTP through the connector's
// provider client. The collection pipeline runs the collector.
export { toolServerCollector, toolServerIdentityKinds, serverExternalId } from './collector.js';
export { definitionFingerprint } from './fingerprint.js';
