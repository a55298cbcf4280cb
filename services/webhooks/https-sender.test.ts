import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../platform/config.js';
import { createHttpsSender, DEFAULT_ATTEMPT_BUDGET_MS, KEPT_RESPONSE_BYTES, keptResponseText, type DeliverySender } from './https-sender.js';
import { generateSigningSecret, signDelivery } from './signature.js';
import { destinationsReaching, refusedAddresses, resolveFromTable } from '../platform/egress/testing/address-notations.js';
import { createTestCertificates, type TestCertificates } from '../platform/egress/testing/certificates.js';
import { startTestReceiver, VERBOSE_BODY, type TestReceiver } from './testing/receiver.js';

const permissive = { allowPrivate: true };
const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];

let certificates: TestCertificates;
let receiver: TestReceiver;
let sender: DeliverySender;
const secret = generateSigningSecret();

function signed(deliveryId: string, body = Buffer.from('{"id":"e1","type":"scan.completed"}')) {
  return { body, headers: signDelivery({ secrets: [secret], deliveryId, timestamp: Math.floor(Date.now() / 1000), body }) };
}

beforeAll(async () => {
  certificates = createTestCertificates();
  receiver = await startTestReceiver(certificates);
  sender = createHttpsSender({ policy: permissive, trustedCaPem: certificates.caPem, budgetMs: 300 });
});
afterAll(async () => {
  sender.close();
  await receiver.close();
});

describe('one HTTPS delivery attempt', () => {
  let path = '';
  let n = 0;
  beforeEach(() => {
    path = `/attempt-${++n}`;
    receiver.trust(path, [secret]);
  });

  it('allows each attempt 10 seconds by default', () => {
    expect(DEFAULT_ATTEMPT_BUDGET_MS).toBe(10_000);
    expect(createHttpsSender({ policy: permissive }).budgetMs).toBe(10_000);
  });

  it('delivers with a 2xx, and the receiver verifies the signature independently', async () => {
    const outcome = await sender.send({ url: receiver.url(path), ...signed('d-ok') });
    expect(outcome).toMatchObject({ ok: true, responseStatus: 204, responseBody: '' });
    const [request] = receiver.requests(path);
    expect(request?.verified).toBe(true);
    expect(request?.body.toString()).toBe('{"id":"e1","type":"scan.completed"}');
  });

  it('fails on a 500 and records the status and what the receiver said', async () => {
    receiver.behave(path, 'error');
    expect(await sender.send({ url: receiver.url(path), ...signed('d-500') })).toMatchObject({ ok: false, responseStatus: 500, responseBody: 'receiver failed', error: 'receiver responded HTTP 500' });
  });

  it('keeps the first 1,024 bytes of a longer body as text, a character cut there as U+FFFD', async () => {
    receiver.behave(path, 'verbose');
    const outcome = await sender.send({ url: receiver.url(path), ...signed('d-verbose') });
    expect(Buffer.byteLength(VERBOSE_BODY)).toBeGreaterThan(KEPT_RESPONSE_BYTES);
    expect(outcome).toMatchObject({ ok: false, responseStatus: 400, responseBody: `x${'é'.repeat(511)}\uFFFD` });
  });

  it('reads a kept body as text PostgreSQL can hold: NUL and undecodable bytes become U+FFFD', () => {
    expect(keptResponseText(Buffer.from('ok\0done'))).toBe('ok\uFFFDdone');
    expect(keptResponseText(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).toBe('{\uFFFD\uFFFD}');
  });

  it('does not follow a redirect: a 3xx is a failure and its target sees nothing', async () => {
    receiver.behave(path, 'redirect');
    const outcome = await sender.send({ url: receiver.url(path), ...signed('d-302') });
    expect(outcome).toMatchObject({ ok: false, responseStatus: 302, error: 'redirect not followed: receiver responded HTTP 302' });
    expect(receiver.requests('/redirected')).toHaveLength(0);
  });

  it('gives up on a receiver that never answers when the budget runs out', async () => {
    receiver.behave(path, 'hang');
    const outcome = await sender.send({ url: receiver.url(path), ...signed('d-hang') });
    expect(outcome).toMatchObject({ ok: false, responseStatus: null, responseBody: null, error: 'no complete response within 300 ms' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(1_500);
  });

  it('counts reading the response within the same budget (a trickling receiver is cut off)', async () => {
    receiver.behave(path, 'trickle');
    const outcome = await sender.send({ url: receiver.url(path), ...signed('d-trickle') });
    expect(outcome).toMatchObject({ ok: false, responseStatus: 200, responseBody: 'partial', error: 'no complete response within 300 ms' });
    expect(outcome.durationMs).toBeLessThan(1_500);
  });

  it('fails when the receiver closes the connection mid-request', async () => {
    receiver.behave(path, 'reset');
    const outcome = await sender.send({ url: receiver.url(path), ...signed('d-reset') });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/^connection failed: /);
  });

  it('verifies TLS: a receiver whose authority is not trusted is a failed attempt', async () => {
    const untrusting = createHttpsSender({ policy: permissive, budgetMs: 2_000 });
    const outcome = await untrusting.send({ url: receiver.url(path), ...signed('d-tls') });
    untrusting.close();
    expect(!outcome.ok && outcome.error).toMatch(/^connection failed: .*(SELF_SIGNED|UNABLE_TO_VERIFY|unable to verify|self-signed)/i);
    expect(receiver.requests(path)).toHaveLength(0);
  });

  it('connects to a name through the vetted lookup and checks the certificate against that name', async () => {
    const byName = createHttpsSender({ policy: permissive, trustedCaPem: certificates.caPem, resolve: toLoopback, budgetMs: 2_000 });
    const outcome = await byName.send({ url: receiver.url(path, 'receiver.example.com'), ...signed('d-name') });
    byName.close();
    expect(outcome).toMatchObject({ ok: true, responseStatus: 204 });
  });

  it('refuses, without connecting, a name that resolves to a refused class at delivery time', async () => {
    const strict = createHttpsSender({ policy: { allowPrivate: false }, trustedCaPem: certificates.caPem, resolve: toLoopback, budgetMs: 2_000 });
    const outcome = await strict.send({ url: receiver.url(path, 'receiver.example.com'), ...signed('d-rebind') });
    strict.close();
    expect(outcome).toMatchObject({ ok: false, responseStatus: null, error: 'destination refused: destination address class loopback is not allowed' });
    expect(receiver.requests(path)).toHaveLength(0);
  });

  it('refuses an IP literal of a refused class (node does not call lookup for literals)', async () => {
    const strict = createHttpsSender({ policy: { allowPrivate: false }, trustedCaPem: certificates.caPem, budgetMs: 2_000 });
    const outcome = await strict.send({ url: receiver.url(path), ...signed('d-literal') });
    strict.close();
    expect(outcome).toMatchObject({ ok: false, error: 'destination refused: destination address class loopback is not allowed' });
    expect(receiver.requests(path)).toHaveLength(0);
  });
});

// The SSRF table again, at delivery: every refused class in every notation, in
// the stored URL or behind a name that now resolves to it. The port is the
// receiver's, so a check that let one through would show up as a request.
describe('destination checks at delivery', () => {
  it.each(refusedAddresses)('refuses $address ($addressClass) as a literal and behind a name, without connecting', async ({ addressClass, row }) => {
    const strict = createHttpsSender({ policy: { allowPrivate: false }, trustedCaPem: certificates.caPem, resolve: resolveFromTable, budgetMs: 2_000 });
    try {
      for (const url of destinationsReaching(row, receiver.port)) {
        const outcome = await strict.send({ url, ...signed('d-ssrf') });
        expect(outcome, url).toMatchObject({ ok: false, responseStatus: null, error: `destination refused: destination address class ${addressClass} is not allowed` });
      }
      expect(receiver.requests(`/ssrf-${row}`)).toHaveLength(0);
    } finally {
      strict.close();
    }
  });
});

describe('webhook configuration', () => {
  it('reads extra trusted certificate authorities from WEBHOOK_CA_FILE and refuses a file that holds none', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-ca-'));
    try {
      writeFileSync(path.join(dir, 'ca.pem'), certificates.caPem);
      writeFileSync(path.join(dir, 'not-a-ca.txt'), 'hello');
      expect(parseConfig({ WEBHOOK_CA_FILE: 'ca.pem' }, dir).webhookTrustedCaPem).toBe(certificates.caPem);
      expect(parseConfig({}, dir).webhookTrustedCaPem).toBeUndefined();
      expect(() => parseConfig({ WEBHOOK_CA_FILE: 'not-a-ca.txt' }, dir)).toThrow(/WEBHOOK_CA_FILE must hold PEM certificates/);
      expect(() => parseConfig({ WEBHOOK_CA_FILE: 'missing.pem' }, dir)).toThrow(/WEBHOOK_CA_FILE cannot be read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
