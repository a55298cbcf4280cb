import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { createProviderClient, ProviderCallError, type ConnectorEgressPolicy } from '../connectors/index.js';
import { startProviderPeer, virtualClock, type ProviderPeer } from '../connectors/testing/provider-peer.js';
import { providerFetch } from './provider-fetch.js';

const certificates = createTestCertificates();
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };
let peer: ProviderPeer;
const client = createProviderClient({ kind: 'tool_server', policy: testPolicy, trustedCaPem: certificates.caPem, clock: virtualClock() });
const fetchThroughPolicy = providerFetch(client);

beforeAll(async () => {
  peer = await startProviderPeer(certificates);
});
afterAll(async () => {
  client.close();
  await peer.close();
});
beforeEach(() => {
  peer.received.length = 0;
});

describe('the MCP transport fetch over the provider client', () => {
  it('sends a POST with its headers and body and answers with the provider response', async () => {
    peer.script({ status: 200, headers: { 'content-type': 'application/json', 'mcp-session-id': 's1' }, body: '{"jsonrpc":"2.0","id":1,"result":{}}' });
    const response = await fetchThroughPolicy(`${peer.origin}/mcp`, { method: 'POST', headers: new Headers({ 'content-type': 'application/json', authorization: 'Bearer t' }), body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBe('s1');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]).toMatchObject({ method: 'POST', path: '/mcp', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } });
  });

  it('answers 202 without a body', async () => {
    peer.script({ status: 202 });
    const response = await fetchThroughPolicy(`${peer.origin}/mcp`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('answers the standalone stream GET with 405 itself: nothing leaves the process', async () => {
    const response = await fetchThroughPolicy(`${peer.origin}/mcp`, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(peer.received).toEqual([]);
  });

  it('refuses a redirect and a host that is not permitted, as the provider client does', async () => {
    peer.script({ status: 308, headers: { location: 'https://127.0.0.1:1/elsewhere' } });
    const redirect = await fetchThroughPolicy(`${peer.origin}/mcp`, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(redirect).toBeInstanceOf(ProviderCallError);
    expect((redirect as ProviderCallError).failure).toBe('redirect');
    const refused = await fetchThroughPolicy('https://tools.example.com/mcp', { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect((refused as ProviderCallError).failure).toBe('refused');
    expect(peer.received).toHaveLength(1);
  });
});
