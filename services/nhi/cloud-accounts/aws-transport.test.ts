// The AWS SDK sending through the connector's provider client (its request handler),
// against the scripted provider peer on 127.0.0.1 behind TLS: the SDK signs and
// parses, the provider client sends, retries and refuses, and the SDK never retries.
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestCertificates } from '../../platform/egress/testing/certificates.js';
import { createProviderClient, ProviderCallError } from '../connectors/index.js';
import { startProviderPeer, virtualClock, type ProviderPeer } from '../connectors/testing/provider-peer.js';
import { providerRequestHandler } from './aws-transport.js';

const certificates = createTestCertificates();
let peer: ProviderPeer;
beforeAll(async () => {
  peer = await startProviderPeer(certificates);
});
afterAll(() => peer?.close());
beforeEach(() => void (peer.received.length = 0));

const callerIdentity = `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::123456789012:user/reader</Arn><UserId>AIDAEXAMPLE</UserId><Account>123456789012</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></GetCallerIdentityResponse>`;
const xml = (status: number, body: string) => ({ status, headers: { 'content-type': 'text/xml' }, body });

function sts(clock = virtualClock()) {
  const client = createProviderClient({ kind: 'cloud_account', policy: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem, clock });
  const sdk = new STSClient({
    endpoint: `${peer.origin}/sts/`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
    requestHandler: providerRequestHandler(client),
    maxAttempts: 1,
  });
  return { sdk, clock, close: () => client.close() };
}

describe('the AWS SDK on the provider client', () => {
  it('sends the signed request through the provider client and parses the answer', async () => {
    peer.script(xml(200, callerIdentity));
    const { sdk, close } = sts();
    try {
      const identity = await sdk.send(new GetCallerIdentityCommand({}));
      expect(identity.Account).toBe('123456789012');
    } finally {
      close();
    }
    expect(peer.received).toHaveLength(1);
    const [request] = peer.received;
    expect(request).toMatchObject({ method: 'POST', path: '/sts/' });
    expect(request?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/\d{8}\/us-east-1\/sts\/aws4_request, SignedHeaders=([a-z0-9-]+;)*host;([a-z0-9-]+;)*x-amz-date(;[a-z0-9-]+)*, Signature=[0-9a-f]{64}$/);
    expect(request?.headers['user-agent']).toBe('Sentinel-Connectors/1');
  });

  it("hands AWS's refusal to the SDK, which names it, after exactly one attempt", async () => {
    peer.script(xml(403, '<ErrorResponse><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>not authorized</Message></Error><RequestId>r</RequestId></ErrorResponse>'));
    const { sdk, close } = sts();
    const failure = await sdk.send(new GetCallerIdentityCommand({})).catch((error: unknown) => error);
    close();
    expect(failure).toMatchObject({ name: 'AccessDenied', message: 'not authorized', $metadata: { httpStatusCode: 403 } });
    expect(peer.received).toHaveLength(1);
  });

  it('retries a provider failure in the provider client only: three attempts in all, the SDK none', async () => {
    peer.script(xml(503, ''), { status: 429, headers: { 'retry-after': '2' } }, xml(200, callerIdentity));
    const { sdk, clock, close } = sts();
    const identity = await sdk.send(new GetCallerIdentityCommand({}));
    expect(identity.Account).toBe('123456789012');
    expect(peer.received).toHaveLength(3);
    expect(clock.sleeps).toEqual([1_000, 2_000]);

    peer.received.length = 0;
    peer.script(xml(503, ''), xml(503, ''), xml(503, ''));
    const failure = await sdk.send(new GetCallerIdentityCommand({})).catch((error: unknown) => error);
    close();
    expect(failure).toMatchObject({ $metadata: { httpStatusCode: 503 } });
    expect(peer.received).toHaveLength(3);
  });

  it("retries AWS's throttling answer (HTTP 400, code Throttling) as a rate limit, and no other 400", async () => {
    const throttled = xml(400, '<ErrorResponse><Error><Type>Sender</Type><Code>Throttling</Code><Message>Rate exceeded</Message></Error><RequestId>r</RequestId></ErrorResponse>');
    peer.script(throttled, throttled, xml(200, callerIdentity));
    const { sdk, clock, close } = sts();
    expect((await sdk.send(new GetCallerIdentityCommand({}))).Account).toBe('123456789012');
    expect(peer.received).toHaveLength(3);
    expect(clock.sleeps).toEqual([1_000, 2_000]);

    peer.received.length = 0;
    peer.script(throttled, throttled, throttled);
    const gaveUp = await sdk.send(new GetCallerIdentityCommand({})).catch((error: unknown) => error);
    expect(gaveUp).toMatchObject({ name: 'Throttling', $metadata: { httpStatusCode: 400 } });
    expect(peer.received).toHaveLength(3);

    peer.received.length = 0;
    peer.script(xml(400, '<ErrorResponse><Error><Type>Sender</Type><Code>ValidationError</Code><Message>bad</Message></Error><RequestId>r</RequestId></ErrorResponse>'));
    const invalid = await sdk.send(new GetCallerIdentityCommand({})).catch((error: unknown) => error);
    close();
    expect(invalid).toMatchObject({ name: 'ValidationError' });
    expect(peer.received).toHaveLength(1);
  });

  it('passes on what the provider client refuses outright (a redirect), unanswered', async () => {
    peer.script({ status: 302, headers: { location: 'https://127.0.0.1:1/elsewhere' } });
    const { sdk, close } = sts();
    const failure = await sdk.send(new GetCallerIdentityCommand({})).catch((error: unknown) => error);
    close();
    expect(failure).toBeInstanceOf(ProviderCallError);
    expect(failure).toMatchObject({ failure: 'redirect' });
    expect(peer.received).toHaveLength(1);
  });

  it('sends the query string the SDK asks for', async () => {
    peer.script({ status: 204 });
    const client = createProviderClient({ kind: 'cloud_account', policy: { allowedHosts: ['127.0.0.1'], allowPrivate: true }, trustedCaPem: certificates.caPem, clock: virtualClock() });
    const { port } = new URL(peer.origin);
    const answer = await providerRequestHandler(client).handle({ method: 'GET', protocol: 'https:', hostname: '127.0.0.1', port: Number(port), path: '/iam/', query: { a: '1', b: ['2', '3 4'], c: null }, headers: {} });
    client.close();
    expect(answer.response.statusCode).toBe(204);
    expect(peer.received[0]?.path).toBe('/iam/?a=1&b=2&b=3+4&c=');
  });
});
