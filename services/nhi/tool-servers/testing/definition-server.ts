// Test-only: a small MCP server built with the SDK, over TLS on 127.0.0.1, serving
// whatever tool and resource definitions the test sets, in pages of `pageSize`
// (nextCursor is the index of the page's first definition). Stateless: every
// request gets a fresh server reading the current definitions, so a test changes
// what the server lists between two collections by assigning to them.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListResourcesRequestSchema, ListToolsRequestSchema, McpError, type Resource, type Tool } from '@modelcontextprotocol/sdk/types.js';
import https from 'node:https';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';

/** JSON-RPC "internal error", what a server that breaks while listing answers. */
const INTERNAL_ERROR = -32603;

export interface DefinitionServerState {
  tools: Tool[];
  resources: Resource[];
  pageSize: number;
  /** A tools/list request for this cursor fails: the server breaks mid-way through its listing. */
  failingToolsCursor?: string;
  /** Every tools/list page names this cursor as the next: a listing that never ends. */
  stuckToolsCursor?: string;
  /** What the server says it offers at initialization; both unless given. */
  offered?: ('tools' | 'resources')[];
}

export interface DefinitionServer {
  endpoint: string;
  state: DefinitionServerState;
  /** JSON-RPC methods received, in order. */
  methods: string[];
  close(): Promise<void>;
}

function page<T>(all: T[], cursor: string | undefined, pageSize: number): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number(cursor);
  const next = start + pageSize;
  return { items: all.slice(start, next), ...(next < all.length ? { nextCursor: String(next) } : {}) };
}

export async function startDefinitionServer(certificates: TestCertificates, initial: DefinitionServerState): Promise<DefinitionServer> {
  const state: DefinitionServerState = { ...initial };
  const methods: string[] = [];
  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, async (request, response) => {
    const offered = state.offered ?? ['tools', 'resources'];
    const mcp = new Server({ name: 'definitions', version: '1.0.0' }, { capabilities: Object.fromEntries(offered.map((capability) => [capability, {}])) });
    if (offered.includes('tools')) {
      mcp.setRequestHandler(ListToolsRequestSchema, async ({ params }) => {
        if (params?.cursor !== undefined && params.cursor === state.failingToolsCursor) throw new McpError(INTERNAL_ERROR, 'listing broke');
        const { items, nextCursor } = page(state.tools, params?.cursor, state.pageSize);
        const next = state.stuckToolsCursor ?? nextCursor;
        return { tools: items, ...(next === undefined ? {} : { nextCursor: next }) };
      });
    }
    if (offered.includes('resources')) {
      mcp.setRequestHandler(ListResourcesRequestSchema, async ({ params }) => {
        const { items, nextCursor } = page(state.resources, params?.cursor, state.pageSize);
        return { resources: items, ...(nextCursor === undefined ? {} : { nextCursor }) };
      });
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => void mcp.close());
    await mcp.connect(transport);
    const body = await readJson(request);
    for (const message of Array.isArray(body) ? body : [body]) if (typeof message?.method === 'string') methods.push(message.method);
    await transport.handleRequest(request, response, body);
  });
  const listening = await listenOnLoopback(server);
  return {
    endpoint: `${listening.origin}/mcp`,
    state,
    methods,
    close: listening.close,
  };
}

async function readJson(request: NodeJS.ReadableStream): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}
