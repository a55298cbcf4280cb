// The tool-server collector against the real reference server
// (@modelcontextprotocol/server-everything) on 127.0.0.1 behind TLS, and against a
// small SDK-built server whose definitions the tests change. Both are started once
// for the file.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrgId } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { PartialCollectionError } from '../collection/index.js';
import { openSynchronizationSession, ProviderCallError, type ConnectorEgressPolicy } from '../connectors/index.js';
import { startProviderPeer, type ProviderPeer } from '../connectors/testing/provider-peer.js';
import { serverExternalId, toolServerCollector } from './collector.js';
import { definitionFingerprint } from './fingerprint.js';
import { startDefinitionServer, type DefinitionServer } from './testing/definition-server.js';
import { startReferenceServer, type ReferenceServer } from './testing/reference-server.js';
import { runCollector, type CollectorRun } from '../collection/testing/run-collector.js';

const certificates = createTestCertificates();
// The test switch lets loopback peers in; the host must still be permitted.
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
const allCapabilities = ['tool_discovery', 'resource_discovery', 'relationship_discovery'];
const orgId = randomUUID() as OrgId;
const otherOrgId = randomUUID() as OrgId;
const credentialsDirectory = mkdtempSync(path.join(tmpdir(), 'mcp-credentials-'));
mkdirSync(path.join(credentialsDirectory, orgId));
mkdirSync(path.join(credentialsDirectory, otherOrgId));
writeFileSync(path.join(credentialsDirectory, orgId, 'no-credentials'), '{}');
writeFileSync(path.join(credentialsDirectory, orgId, 'reference-token'), 'reference-bearer-value\n');

let reference: ReferenceServer;
let definitions: DefinitionServer;
let peer: ProviderPeer;

const tool = (name: string, description: string, inputSchema: Tool['inputSchema'] = { type: 'object', properties: {} }): Tool => ({ name, description, inputSchema });
const initialTools = [
  tool('lookup', 'Looks a customer up', { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }),
  tool('refund', 'Refunds an order'),
  tool('notify', 'Sends a notice'),
  tool('export', 'Exports a report'),
  tool('archive', 'Archives a record'),
];

beforeAll(async () => {
  [reference, definitions, peer] = await Promise.all([
    startReferenceServer(certificates),
    startDefinitionServer(certificates, { tools: initialTools, resources: [{ uri: 'file:///ledger.csv', name: 'ledger' }], pageSize: 2 }),
    startProviderPeer(certificates),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([reference?.close(), definitions?.close(), peer?.close()]);
  rmSync(credentialsDirectory, { recursive: true, force: true });
});
beforeEach(() => {
  definitions.state.tools = initialTools;
  definitions.state.failingToolsCursor = undefined;
  definitions.state.stuckToolsCursor = undefined;
  definitions.state.offered = undefined;
  definitions.methods.length = 0;
  peer.received.length = 0;
});

type Collection = CollectorRun;

interface CollectOptions {
  capabilities?: string[];
  policy?: ConnectorEgressPolicy;
  trustedCaPem?: string;
  credentialsReference?: string;
  organization?: OrgId;
}

async function collect(endpoint: string, options: CollectOptions = {}): Promise<Collection> {
  const organization = options.organization ?? orgId;
  const session = await openSynchronizationSession(
    { credentialsDirectory, egress: options.policy ?? testPolicy, trustedCaPem: 'trustedCaPem' in options ? options.trustedCaPem : certificates.caPem },
    organization,
    { kind: 'tool_server', credentialsReference: options.credentialsReference ?? 'no-credentials' },
  );
  const run = await runCollector(toolServerCollector, {
    orgId: organization,
    connector: { id: randomUUID(), kind: 'tool_server', endpoint, enabledCapabilities: options.capabilities ?? allCapabilities, settings: {} },
    session,
  });
  return run;
}

const ofKind = (collection: Collection, kind: string) => collection.identities.filter((identity) => identity.kind === kind);
const named = (collection: Collection, kind: string) => ofKind(collection, kind).map((identity) => identity.name).sort();

/** The reference server's own listings, read directly with the SDK's client (test-only, plain HTTP on loopback). */
async function readReferenceDirectly() {
  const client = new Client({ name: 'direct-reader', version: '1' }, { capabilities: {} });
  await client.connect(new StreamableHTTPClientTransport(new URL(reference.plainEndpoint)));
  try {
    const all = async <T>(list: (cursor?: string) => Promise<{ nextCursor?: string } & Record<string, unknown>>, member: string): Promise<T[]> => {
      const items: T[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(cursor);
        items.push(...(page[member] as T[]));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return items;
    };
    return {
      tools: await all<{ name: string }>((cursor) => client.listTools({ cursor }), 'tools'),
      resources: await all<{ uri: string }>((cursor) => client.listResources({ cursor }), 'resources'),
      resourceTemplates: await all<{ uriTemplate: string }>((cursor) => client.listResourceTemplates({ cursor }), 'resourceTemplates'),
    };
  } finally {
    await client.close();
  }
}

function expectFailedBeforeListing(collection: Collection, failure: ProviderCallError['failure']) {
  expect(collection.error).toBeInstanceOf(ProviderCallError);
  expect((collection.error as ProviderCallError).failure).toBe(failure);
  expect(collection.error).not.toBeInstanceOf(PartialCollectionError);
  expect(collection.identities).toEqual([]);
  expect(collection.edges).toEqual([]);
}

describe('tool-server collector against the reference server', () => {
  it('collects every tool, resource and resource template it serves, each fingerprinted over its whole definition', async () => {
    const direct = await readReferenceDirectly();
    const collection = await collect(reference.endpoint);
    expect(collection.error).toBeUndefined();

    // What this version serves to a client declaring no capabilities, read from the server itself.
    expect(direct.tools).toHaveLength(13);
    expect(direct.resources).toHaveLength(7);
    expect(named(collection, 'mcp_tool')).toEqual(direct.tools.map((definition) => definition.name).sort());
    expect(named(collection, 'mcp_resource')).toEqual(direct.resources.map((definition) => definition.uri).sort());
    expect(named(collection, 'mcp_resource_template')).toEqual(direct.resourceTemplates.map((definition) => definition.uriTemplate).sort());

    for (const definition of direct.tools) {
      const collected = ofKind(collection, 'mcp_tool').find((identity) => identity.name === definition.name);
      expect(collected?.attributes.definition).toEqual(definition);
      expect(collected?.fingerprint).toBe(definitionFingerprint(definition));
    }
    const fingerprints = collection.identities.map((identity) => identity.fingerprint);
    expect(fingerprints.every((fingerprint) => /^[0-9a-f]{64}$/.test(fingerprint ?? ''))).toBe(true);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);

    const [server] = ofKind(collection, 'mcp_server');
    expect(server?.externalId).toBe(serverExternalId(reference.endpoint));
    expect(server?.attributes).toMatchObject({ endpoint: reference.endpoint, capabilities: { tools: expect.any(Object), resources: expect.any(Object) } });
    expect(collection.identities.every((identity) => identity.lastUsedAt === null)).toBe(true);
  });

  it('relates each tool to its server (BELONGS_TO) and the server to each resource it serves (ACCESSES), and nothing else', async () => {
    const collection = await collect(reference.endpoint);
    const serverId = serverExternalId(reference.endpoint);
    const expected = [
      ...ofKind(collection, 'mcp_tool').map((identity) => ({ type: 'BELONGS_TO', fromExternalId: identity.externalId, toExternalId: serverId })),
      ...[...ofKind(collection, 'mcp_resource'), ...ofKind(collection, 'mcp_resource_template')].map((identity) => ({ type: 'ACCESSES', fromExternalId: serverId, toExternalId: identity.externalId })),
    ];
    expect(collection.edges).toHaveLength(expected.length);
    expect(collection.edges).toEqual(expect.arrayContaining(expected));
  });

  it('sends the bearer token of the connector credentials', async () => {
    const before = reference.received.length;
    const collection = await collect(reference.endpoint, { capabilities: ['tool_discovery'], credentialsReference: 'reference-token' });
    expect(collection.error).toBeUndefined();
    const sent = reference.received.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((request) => request.authorization === 'Bearer reference-bearer-value')).toBe(true);
  });

  it("never uses another organization's credentials entry: the second organization's run fails before any request", async () => {
    const before = reference.received.length;
    const attempt = await collect(reference.endpoint, { organization: otherOrgId, credentialsReference: 'reference-token' }).catch((error: unknown) => error);
    expect(attempt).toBeInstanceOf(AppError);
    expect((attempt as AppError).code).toBe('configuration_error');
    expect(reference.received.length).toBe(before);
  });

  it('never opens the standalone event stream: every request is a POST or the closing DELETE', async () => {
    const before = reference.received.length;
    await collect(reference.endpoint);
    expect(new Set(reference.received.slice(before).map((request) => request.method))).toEqual(new Set(['POST', 'DELETE']));
  });

  it('verifies TLS against the deployment CA only: without it nothing is collected', async () => {
    const collection = await collect(reference.endpoint, { trustedCaPem: undefined });
    expectFailedBeforeListing(collection, 'network');
    expect(String((collection.error as Error).message)).toMatch(/certificate/i);
  });

  it('is refused a redirect before any tool is listed', async () => {
    const before = reference.received.length;
    peer.script({ status: 307, headers: { location: reference.endpoint } });
    const collection = await collect(`${peer.origin}/mcp`);
    expectFailedBeforeListing(collection, 'redirect');
    expect(peer.received).toHaveLength(1);
    expect(reference.received.length).toBe(before);
  });

  it('is refused a host the operator has not permitted before any request leaves', async () => {
    const before = reference.received.length;
    const collection = await collect(reference.endpoint, { policy: { allowedHosts: ['tools.example.com'], allowPrivate: true } });
    expectFailedBeforeListing(collection, 'refused');
    expect(reference.received.length).toBe(before);
  });

  it('collects nothing over plain HTTP', async () => {
    const collection = await collect(reference.plainEndpoint);
    expectFailedBeforeListing(collection, 'refused');
    expect((collection.error as Error).message).toMatch(/https/i);
  });
});

describe('tool-server collector against a server whose definitions change', () => {
  it('follows paginated listings to the end', async () => {
    const collection = await collect(definitions.endpoint);
    expect(collection.error).toBeUndefined();
    expect(named(collection, 'mcp_tool')).toEqual(initialTools.map((definition) => definition.name).sort());
    expect(definitions.methods.filter((method) => method === 'tools/list')).toHaveLength(3);
  });

  it('changes a fingerprint when only the input schema changes, and keeps it when nothing does', async () => {
    const first = await collect(definitions.endpoint);
    const unchanged = await collect(definitions.endpoint);
    const widened = { type: 'object' as const, properties: { id: { type: 'string' }, amount: { type: 'number' } }, required: ['id'] };
    definitions.state.tools = initialTools.map((definition) => (definition.name === 'lookup' ? { ...definition, inputSchema: widened } : definition));
    const changed = await collect(definitions.endpoint);

    const lookup = (collection: Collection) => ofKind(collection, 'mcp_tool').find((identity) => identity.name === 'lookup');
    const descriptionOnly = (collection: Collection) => createHash('sha256').update(String((lookup(collection)?.attributes.definition as Tool).description)).digest('hex');
    expect(lookup(unchanged)?.fingerprint).toBe(lookup(first)?.fingerprint);
    expect(lookup(changed)?.fingerprint).not.toBe(lookup(first)?.fingerprint);
    // What a description-only hash (mcp-scan's) would have seen: no change at all.
    expect(descriptionOnly(changed)).toBe(descriptionOnly(first));
    const others = (collection: Collection) => ofKind(collection, 'mcp_tool').filter((identity) => identity.name !== 'lookup').map((identity) => identity.fingerprint);
    expect(others(changed)).toEqual(others(first));
  });

  it('keeps members the SDK does not know in the definition and its fingerprint', async () => {
    const annotated = (hint: string) => ({ ...initialTools[1], annotations: { readOnlyHint: false, futureHint: hint }, futureMember: { level: hint } }) as Tool;
    definitions.state.tools = [initialTools[0] as Tool, annotated('a')];
    const first = await collect(definitions.endpoint, { capabilities: ['tool_discovery'] });
    definitions.state.tools = [initialTools[0] as Tool, annotated('b')];
    const second = await collect(definitions.endpoint, { capabilities: ['tool_discovery'] });
    const refund = (collection: Collection) => ofKind(collection, 'mcp_tool').find((identity) => identity.name === 'refund');
    expect(refund(first)?.attributes.definition).toMatchObject({ annotations: { futureHint: 'a' }, futureMember: { level: 'a' } });
    expect(refund(second)?.fingerprint).not.toBe(refund(first)?.fingerprint);
  });

  it('no longer collects a tool the server dropped, and still collects every other', async () => {
    const first = await collect(definitions.endpoint);
    definitions.state.tools = initialTools.filter((definition) => definition.name !== 'notify');
    const second = await collect(definitions.endpoint);
    expect(second.error).toBeUndefined();
    const ids = (collection: Collection) => new Set(ofKind(collection, 'mcp_tool').map((identity) => identity.externalId));
    expect([...ids(first)].filter((id) => !ids(second).has(id))).toEqual([`${serverExternalId(definitions.endpoint)}#tool:notify`]);
  });

  it('does not list a capability the connector has not enabled', async () => {
    const collection = await collect(definitions.endpoint, { capabilities: ['resource_discovery'] });
    expect(collection.error).toBeUndefined();
    expect(definitions.methods).not.toContain('tools/list');
    expect(definitions.methods).toContain('resources/list');
    expect(ofKind(collection, 'mcp_tool')).toEqual([]);
    expect(named(collection, 'mcp_resource')).toEqual(['file:///ledger.csv']);
    expect(collection.edges).toEqual([]);
  });

  it('does not list what the server does not offer, and completes without it', async () => {
    definitions.state.offered = ['resources'];
    const collection = await collect(definitions.endpoint);
    expect(collection.error).toBeUndefined();
    expect(definitions.methods).not.toContain('tools/list');
    expect(ofKind(collection, 'mcp_tool')).toEqual([]);
    expect(named(collection, 'mcp_resource')).toEqual(['file:///ledger.csv']);
  });

  it('makes a collection partial, never complete, when the server fails mid-way through a listing', async () => {
    definitions.state.failingToolsCursor = '2';
    const collection = await collect(definitions.endpoint);
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/listing broke/);
    expect(named(collection, 'mcp_tool')).toEqual(['lookup', 'refund']);
  });

  it('stops a listing whose cursor comes back, as a partial collection', async () => {
    definitions.state.stuckToolsCursor = '2';
    const collection = await collect(definitions.endpoint, { capabilities: ['tool_discovery'] });
    expect(collection.error).toBeInstanceOf(PartialCollectionError);
    expect((collection.error as PartialCollectionError).reason).toMatch(/repeated a cursor/);
    // The first page names cursor 2, the second names it again: no third request.
    expect(definitions.methods.filter((method) => method === 'tools/list')).toHaveLength(2);
  });
});
