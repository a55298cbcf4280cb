// The tool-server collector (spec 2.12): a Model Context Protocol
// server reached over streamable HTTP, its tools (tool_discovery), its resources
// and resource templates (resource_discovery), and the edges between them
// (relationship_discovery). Each definition is fingerprinted over its whole
// content (fingerprint.ts).
//
// Edges are only those the protocol states: a tool BELONGS_TO the server that
// lists it, and the server ACCESSES each resource it serves (it reads them for
// any client that asks). Which resources a tool touches is not declared anywhere:
// only calling the tool would show it, and a collection never calls a tool.
//
// A capability not enabled on the connector, or not offered by the server, is
// never listed. A server that fails once anything was emitted makes the
// collection partial (PartialCollectionError), so the pipeline removes nothing;
// one that fails before (initialization refused, unreachable) fails it.
import { AppError } from '../../platform/errors.js';
import { PartialCollectionError, type CollectedIdentity, type CollectionContext, type Collector } from '../collection/index.js';
import { definitionFingerprint } from './fingerprint.js';
import { connectToolServer, ListingError, listings, type Definition, type Listing, type ToolServerConnection } from './tool-server-client.js';

/** Identity kinds the collector emits. */
export const toolServerIdentityKinds = {
  server: 'mcp_server',
  tools: 'mcp_tool',
  resources: 'mcp_resource',
  resourceTemplates: 'mcp_resource_template',
} as const;

/** What names a definition within its server: a tool's name, a resource's URI, a template's URI template. */
const definitionKeys: Record<Listing, string> = { tools: 'name', resources: 'uri', resourceTemplates: 'uriTemplate' };

/** Which connector capability enables each listing. */
const listingCapabilities: Record<Listing, string> = { tools: 'tool_discovery', resources: 'resource_discovery', resourceTemplates: 'resource_discovery' };

/**
 * External ids are namespaced by the endpoint: the same tool name on two servers
 * is two tools. `mcp:<endpoint>` is the server; `#tool:`, `#resource:` and
 * `#resource-template:` name what it lists.
 */
export const serverExternalId = (endpoint: string): string => `mcp:${endpoint}`;
const definitionExternalId = (endpoint: string, listing: Listing, key: string): string =>
  `${serverExternalId(endpoint)}#${{ tools: 'tool', resources: 'resource', resourceTemplates: 'resource-template' }[listing]}:${key}`;

export const toolServerCollector: Collector = {
  kind: 'tool_server',
  async collect(context: CollectionContext): Promise<void> {
    const { connector, session } = context;
    const endpoint = connector.endpoint;
    if (endpoint === null) throw new AppError('configuration_error', 'a tool_server connector needs an endpoint');
    const enabled = new Set(connector.enabledCapabilities);
    const connection = await connectToolServer(endpoint, session.client, session.credentials);
    let emitted = 0;
    const emit = async (identity: CollectedIdentity) => {
      await context.emitIdentity(identity);
      emitted++;
    };
    try {
      const serverId = serverExternalId(endpoint);
      await emit({
        externalId: serverId,
        kind: toolServerIdentityKinds.server,
        name: connection.server.name === '' ? endpoint : connection.server.name,
        attributes: { endpoint, ...connection.server },
        fingerprint: definitionFingerprint(connection.server),
        lastUsedAt: null,
      });
      for (const listing of Object.keys(listings) as Listing[]) {
        if (!enabled.has(listingCapabilities[listing]) || !connection.offers(listing)) continue;
        context.progress(`listing ${listings[listing].method}`);
        await collectListing(context, connection, listing, { endpoint, serverId, emit, relationships: enabled.has('relationship_discovery') });
      }
    } catch (error) {
      if (emitted === 0) throw error;
      throw new PartialCollectionError(`tool server failed after ${emitted} definitions were collected: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await connection.close();
    }
  },
};

interface ListingTarget {
  endpoint: string;
  serverId: string;
  emit: (identity: CollectedIdentity) => Promise<void>;
  relationships: boolean;
}

async function collectListing(context: CollectionContext, connection: ToolServerConnection, listing: Listing, target: ListingTarget): Promise<void> {
  for await (const page of connection.pages(listing)) {
    for (const definition of page) {
      const key = definitionKey(definition, listing);
      const externalId = definitionExternalId(target.endpoint, listing, key);
      await target.emit({
        externalId,
        kind: toolServerIdentityKinds[listing],
        name: key,
        attributes: { definition },
        fingerprint: definitionFingerprint(definition),
        // The protocol reports no use of a tool or a resource (spec 8: "not reported").
        lastUsedAt: null,
      });
      if (!target.relationships) continue;
      await context.emitEdge(
        listing === 'tools'
          ? { type: 'BELONGS_TO', fromExternalId: externalId, toExternalId: target.serverId }
          : { type: 'ACCESSES', fromExternalId: target.serverId, toExternalId: externalId },
      );
    }
  }
}

function definitionKey(definition: Definition, listing: Listing): string {
  const key = definition[definitionKeys[listing]];
  if (typeof key !== 'string' || key === '') throw new ListingError(`${listings[listing].method} returned a definition without a ${definitionKeys[listing]}`);
  return key;
}
