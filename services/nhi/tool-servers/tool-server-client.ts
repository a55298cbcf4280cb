// A Model Context Protocol client over streamable HTTP, for collections: it
// initializes a session with the connector's endpoint through the provider client
// (provider-fetch.ts), then lists definitions page by page to the end.
//
// Listings are read with loose schemas rather than the SDK's own: those drop
// members they do not know (an annotation a later protocol version adds, a member
// a server invents), and a fingerprint must cover everything the server sent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { bearerAuthorization, type ConnectorCredentials, type ProviderClient } from '../connectors/index.js';
import { providerFetch } from './provider-fetch.js';

const CLIENT_INFO = { name: 'sentinel-nhi-collector', version: '1' };

/** A server sending more pages, or more definitions in one listing, than these is stopped there: the collection is partial, never endless. */
const MAX_LISTING_PAGES = 1_000;
const MAX_LISTING_DEFINITIONS = 10_000;

/** The three listings a collection reads, by method, and the member each result carries its definitions in. */
export const listings = {
  tools: { method: 'tools/list', member: 'tools' },
  resources: { method: 'resources/list', member: 'resources' },
  resourceTemplates: { method: 'resources/templates/list', member: 'resourceTemplates' },
} as const;
export type Listing = keyof typeof listings;

export type Definition = Record<string, unknown>;

interface ToolServerDescription {
  name: string;
  version: string;
  title?: string;
  protocolVersion?: string;
  instructions?: string;
  /** What the server said it offers at initialization (tools, resources, prompts, ...). */
  capabilities: Record<string, unknown>;
}

export interface ToolServerConnection {
  server: ToolServerDescription;
  /** Whether the server offers the listing at all: a server without `resources` has no resources to list. */
  offers(listing: Listing): boolean;
  /** The listing's definitions, one page at a time, following nextCursor to the end. */
  pages(listing: Listing): AsyncGenerator<Definition[]>;
  close(): Promise<void>;
}

/** Thrown when a server's listing cannot be followed to its end for a reason of the server's own making. */
export class ListingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListingError';
  }
}

const pageSchema = z.looseObject({ nextCursor: z.string().optional() });
const definitionsSchema = z.array(z.looseObject({}));

export async function connectToolServer(endpoint: string, client: ProviderClient, credentials: ConnectorCredentials): Promise<ToolServerConnection> {
  const authorization = bearerAuthorization(credentials);
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    fetch: providerFetch(client),
    requestInit: authorization === undefined ? undefined : { headers: { Authorization: authorization } },
  });
  const mcp = new Client(CLIENT_INFO, { capabilities: {} });
  await mcp.connect(transport);
  const info = mcp.getServerVersion();
  const capabilities = (mcp.getServerCapabilities() ?? {}) as Record<string, unknown>;
  const server: ToolServerDescription = {
    name: info?.name ?? '',
    version: info?.version ?? '',
    ...(info?.title === undefined ? {} : { title: info.title }),
    ...(transport.protocolVersion === undefined ? {} : { protocolVersion: transport.protocolVersion }),
    ...(mcp.getInstructions() === undefined ? {} : { instructions: mcp.getInstructions() }),
    capabilities,
  };

  async function* pages(listing: Listing): AsyncGenerator<Definition[]> {
    const { method, member } = listings[listing];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    let listed = 0;
    for (let page = 1; ; page++) {
      let result;
      try {
        result = await mcp.request({ method, params: cursor === undefined ? {} : { cursor } }, pageSchema);
      } catch (error) {
        // Many servers offering resources implement no templates listing; one that says so has no templates.
        if (listing === 'resourceTemplates' && page === 1 && error instanceof McpError && error.code === ErrorCode.MethodNotFound) return;
        throw error;
      }
      const definitions = definitionsSchema.safeParse(result[member]);
      if (!definitions.success) throw new ListingError(`${method} answered without a list of ${member}`);
      listed += definitions.data.length;
      if (listed > MAX_LISTING_DEFINITIONS) throw new ListingError(`${method} lists more than ${MAX_LISTING_DEFINITIONS} definitions`);
      yield definitions.data;
      cursor = result.nextCursor;
      if (cursor === undefined) return;
      if (seenCursors.has(cursor)) throw new ListingError(`${method} repeated a cursor: the listing would never end`);
      if (page >= MAX_LISTING_PAGES) throw new ListingError(`${method} has more than ${MAX_LISTING_PAGES} pages`);
      seenCursors.add(cursor);
    }
  }

  return {
    server,
    // Resource templates are part of the resources capability (MCP 2025-06-18, server/resources).
    offers: (listing) => (listing === 'tools' ? 'tools' in capabilities : 'resources' in capabilities),
    pages,
    close: async () => {
      // Ending the session is a courtesy to the server; what was collected stands whether or not it is acknowledged.
      await transport.terminateSession().catch(() => undefined);
      await mcp.close();
    },
  };
}
