import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestCertificates, type TestCertificates } from '../../platform/egress/testing/certificates.js';
import type { ConnectorEgressPolicy } from './endpoint-policy.js';
import { createProviderClient, FIRST_RETRY_DELAY_MS, MAX_RESPONSE_BYTES, ProviderCallError, retryAfterMs } from './provider-client.js';
import { startProviderPeer, virtualClock, type ProviderPeer } from './testing/provider-peer.js';

let certificates: TestCertificates;
let peer: ProviderPeer;
// The test switch lets the peer on loopback in; the host must still be permitted.
const testPolicy: ConnectorEgressPolicy = { allowedHosts: ['127.0.0.1'], allowPrivate: true };

beforeAll(async () => {
  certificates = createTestCertificates();
  peer = await startProviderPeer(certificates);
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.received.length = 0;
});

function client(policy: ConnectorEgressPolicy = testPolicy) {
  const clock = virtualClock();
  const created = createProviderClient({ kind: 'tool_server', policy, trustedCaPem: certificates.caPem, clock });
  return { clock, request: created.request, close: created.close };
}

async function failure(call: Promise<unknown>): Promise<ProviderCallError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderCallError);
  return error as ProviderCallError;
}

describe('provider client: retries', () => {
  it('answers a 2xx at once over verified TLS', async () => {
    const { request, clock, close } = client();
    peer.script({ status: 200, body: '{"tools":[]}' });
    const response = await request({ url: `${peer.origin}/mcp` });
    expect(response).toMatchObject({ status: 200, attempts: 1 });
    expect(response.body.toString()).toBe('{"tools":[]}');
    expect(clock.sleeps).toEqual([]);
    close();
  });

  it('refuses a peer whose certificate it cannot verify: there is no option to skip verification', async () => {
    const untrusting = createProviderClient({ kind: 'tool_server', policy: testPolicy, clock: virtualClock() });
    const error = await failure(untrusting.request({ url: `${peer.origin}/mcp` }));
    expect(error.failure).toBe('network');
    expect(error.message).toMatch(/certificate/i);
    untrusting.close();
  });

  it('tries three times in all with growing delays on 5xx, then fails', async () => {
    const { request, clock, close } = client();
    peer.script({ status: 502 }, { status: 503 }, { status: 500 });
    const error = await failure(request({ url: `${peer.origin}/a` }));
    expect(error).toMatchObject({ failure: 'status', status: 500, attempts: 3 });
    expect(peer.received).toHaveLength(3);
    expect(clock.sleeps).toEqual([FIRST_RETRY_DELAY_MS, 2 * FIRST_RETRY_DELAY_MS]);
    close();
  });

  it('obeys Retry-After in seconds', async () => {
    const { request, clock, close } = client();
    peer.script({ status: 429, headers: { 'retry-after': '7' } }, { status: 200, body: 'ok' });
    const response = await request({ url: `${peer.origin}/b` });
    expect(response).toMatchObject({ status: 200, attempts: 2 });
    expect(clock.sleeps).toEqual([7_000]);
    close();
  });

  it('obeys Retry-After as an HTTP date', async () => {
    const { request, clock, close } = client();
    const at = new Date(clock.now() + 12_000).toUTCString();
    peer.script({ status: 503, headers: { 'retry-after': at } }, { status: 200 });
    expect(await request({ url: `${peer.origin}/c` })).toMatchObject({ status: 200, attempts: 2 });
    expect(clock.sleeps).toEqual([12_000]);
    close();
  });

  it.each([401, 403])('never retries %s', async (status) => {
    const { request, clock, close } = client();
    peer.script({ status });
    const error = await failure(request({ url: `${peer.origin}/d` }));
    expect(error).toMatchObject({ failure: 'status', status, attempts: 1 });
    expect(peer.received).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    close();
  });

  it('retries a 403 that is a rate limit (x-ratelimit-remaining: 0), waiting until x-ratelimit-reset', async () => {
    const { request, clock, close } = client();
    const reset = Math.floor(clock.now() / 1000) + 5;
    peer.script({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) } }, { status: 200 });
    expect(await request({ url: `${peer.origin}/e` })).toMatchObject({ status: 200, attempts: 2 });
    expect(clock.sleeps).toEqual([5_000]);
    close();
  });

  it('retries a 403 carrying Retry-After (a secondary rate limit)', async () => {
    const { request, clock, close } = client();
    peer.script({ status: 403, headers: { 'retry-after': '3' } }, { status: 403, headers: { 'retry-after': '4' } }, { status: 200 });
    expect(await request({ url: `${peer.origin}/f` })).toMatchObject({ status: 200, attempts: 3 });
    expect(clock.sleeps).toEqual([3_000, 4_000]);
    close();
  });

  it('does not wait for a Retry-After longer than a minute', async () => {
    const { request, clock, close } = client();
    peer.script({ status: 429, headers: { 'retry-after': '3600' } });
    expect(await failure(request({ url: `${peer.origin}/g` }))).toMatchObject({ failure: 'rate_limited', attempts: 1 });
    expect(clock.sleeps).toEqual([]);
    close();
  });

  it('reads Retry-After seconds and dates, and ignores what it cannot read', () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Mon, 02 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('provider client: rate', () => {
  it('starts at most 10 requests in any second per connector: 25 calls take two seconds of waiting', async () => {
    const { request, clock, close } = client();
    const started = clock.now();
    await Promise.all(Array.from({ length: 25 }, () => request({ url: `${peer.origin}/h` })));
    expect(peer.received).toHaveLength(25);
    expect(clock.now() - started).toBe(2000);
    close();
  });

  it('paces each connector on its own', async () => {
    const first = client();
    const second = client();
    await Promise.all(Array.from({ length: 10 }, () => first.request({ url: `${peer.origin}/i` })));
    await Promise.all(Array.from({ length: 10 }, () => second.request({ url: `${peer.origin}/i` })));
    expect(first.clock.sleeps).toEqual([]);
    expect(second.clock.sleeps).toEqual([]);
    first.close();
    second.close();
  });
});

describe('provider client: egress', () => {
  it('refuses a redirect without following it', async () => {
    const { request, close } = client();
    peer.script({ status: 302, headers: { location: 'https://169.254.169.254/latest/meta-data/' } });
    expect(await failure(request({ url: `${peer.origin}/j` }))).toMatchObject({ failure: 'redirect', status: 302, attempts: 1 });
    expect(peer.received).toHaveLength(1);
    close();
  });

  it('cuts off a response larger than the limit', async () => {
    const { request, close } = client();
    peer.script({ status: 200, body: Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x61) });
    expect(await failure(request({ url: `${peer.origin}/k` }))).toMatchObject({ failure: 'too_large' });
    close();
  });

  it('refuses the loopback peer without the test switch, before any request', async () => {
    const { request, close } = client({ allowedHosts: ['127.0.0.1'], allowPrivate: false });
    expect(await failure(request({ url: `${peer.origin}/l` }))).toMatchObject({ failure: 'refused', attempts: 0 });
    expect(peer.received).toHaveLength(0);
    close();
  });

  it('refuses a permitted name that resolves to a private address, at connect time', async () => {
    const { request, close } = client({ allowedHosts: ['tools.example.com'], allowPrivate: false, resolve: async () => [{ address: '10.1.2.3', family: 4 }] });
    const error = await failure(request({ url: 'https://tools.example.com/mcp' }));
    expect(error).toMatchObject({ failure: 'refused' });
    expect(error.message).toContain('private');
    close();
  });

  it('refuses a name with one public and one metadata address, even with the test switch', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    const { request, close } = client({ allowedHosts: ['tools.example.com'], allowPrivate: true, resolve });
    const error = await failure(request({ url: 'https://tools.example.com/mcp' }));
    expect(error.message).toContain('cloud_metadata');
    close();
  });

  it('refuses a host the operator has not permitted', async () => {
    const { request, close } = client({ allowedHosts: [], allowPrivate: true });
    expect(await failure(request({ url: `${peer.origin}/m` }))).toMatchObject({ failure: 'refused' });
    expect(peer.received).toHaveLength(0);
    close();
  });
});
