import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEgressFetch, EgressRefusedError, egressUrlRefusal } from './egress-fetch.js';
import { createTestCertificates } from './testing/certificates.js';
import { listenOnLoopback, type LoopbackHttps } from './testing/loopback-https.js';

describe('egress fetch', () => {
  let plain: Server;
  let plainOrigin: string;
  let tls: LoopbackHttps;
  let caPem: string;
  const seen: Array<{ method: string; path: string; body: string; userAgent: string | undefined }> = [];

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, path: request.url!, body, userAgent: request.headers['user-agent'] });
      if (request.url === '/redirect') return response.writeHead(302, { location: 'https://example.com/' }).end();
      if (request.url === '/large') return response.end(Buffer.alloc(2048, 'x'));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  };

  beforeAll(async () => {
    plain = createHttpServer(answer);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainOrigin = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    const certificates = createTestCertificates();
    caPem = certificates.caPem;
    tls = await listenOnLoopback(createHttpsServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, answer));
  });
  afterAll(async () => {
    await new Promise((resolve) => plain.close(resolve));
    await tls.close();
  });

  it('refuses plain http, credentials and refused address classes before connecting', () => {
    expect(egressUrlRefusal('http://idp.example.com', { allowPrivate: false })).toBe('the URL must use https');
    expect(egressUrlRefusal('https://u:p@idp.example.com', { allowPrivate: false })).toBe('the URL must not contain credentials');
    expect(egressUrlRefusal('https://127.0.0.1', { allowPrivate: false })).toBe('address class loopback is not allowed');
    expect(egressUrlRefusal('https://169.254.169.254', { allowPrivate: true })).toBe('address class cloud_metadata is not allowed');
    expect(egressUrlRefusal('https://idp.corp.local', { allowPrivate: false })).toBe('address class private is not allowed');
    expect(egressUrlRefusal('https://idp.example.com/path', { allowPrivate: false })).toBeUndefined();
    expect(egressUrlRefusal('http://127.0.0.1:8080', { allowPrivate: true })).toBeUndefined();
  });

  it('sends requests with their body and answers a Fetch API response, over http only where private addresses are open', async () => {
    const client = createEgressFetch({ allowPrivate: true, userAgent: 'Sentinel-Test/1' });
    const response = await client.fetch(`${plainOrigin}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code' }), headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ method: 'POST', path: '/token', body: 'grant_type=authorization_code', userAgent: 'Sentinel-Test/1' });
    client.close();
    const closed = createEgressFetch({ allowPrivate: false, userAgent: 'Sentinel-Test/1' });
    await expect(closed.fetch(`${plainOrigin}/token`)).rejects.toThrow(EgressRefusedError);
    closed.close();
  });

  it('verifies TLS against Node\'s roots plus the configured CA only', async () => {
    const trusting = createEgressFetch({ allowPrivate: true, trustedCaPem: caPem, userAgent: 'Sentinel-Test/1' });
    expect((await trusting.fetch(`${tls.origin}/discovery`)).status).toBe(200);
    trusting.close();
    const untrusting = createEgressFetch({ allowPrivate: true, userAgent: 'Sentinel-Test/1' });
    await expect(untrusting.fetch(`${tls.origin}/discovery`)).rejects.toThrow(/self-signed|unable to verify|certificate/i);
    untrusting.close();
  });

  it('checks every address a name resolves to at connection time', async () => {
    const client = createEgressFetch({ allowPrivate: false, lookup: async () => [{ address: '127.0.0.1', family: 4 }], userAgent: 'Sentinel-Test/1' });
    await expect(client.fetch(`https://idp.rebinding.example.com:${new URL(tls.origin).port}/discovery`)).rejects.toThrow(/loopback/);
    client.close();
  });

  it('refuses to follow a redirect and cuts a response over the size limit', async () => {
    const client = createEgressFetch({ allowPrivate: true, maxResponseBytes: 1024, userAgent: 'Sentinel-Test/1' });
    await expect(client.fetch(`${plainOrigin}/redirect`)).rejects.toThrow(/redirects are not followed/);
    await expect(client.fetch(`${plainOrigin}/large`)).rejects.toThrow(/more than 1024 bytes/);
    client.close();
  });
});
