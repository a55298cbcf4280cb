// Test-only: an HTTPS webhook receiver that checks every request the way the
// documentation (docs/webhook-signatures.md) tells customers to, written from
// that text rather than with signature.ts, so a mistake shared by the signer
// and its own verifier cannot pass unnoticed. It deduplicates on
// Service-Delivery and can misbehave on purpose, per path.
import { createHmac, timingSafeEqual } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TestCertificates } from '../../platform/egress/testing/certificates.js';

/**
 * ok: 204. slow: 204 after SLOW_RESPONSE_MS, so attempts stay in flight a while.
 * error: 500 with a short body. verbose: 400 with a body of VERBOSE_BODY, longer than the
 * delivery log keeps and cut there inside a character. redirect: 302 to another path. reset: the connection is destroyed as
 * soon as the request arrives. hang: no response at all. trickle: 200 headers and
 * part of a body, never finished.
 */
export type ReceiverBehavior = 'ok' | 'slow' | 'error' | 'verbose' | 'redirect' | 'reset' | 'hang' | 'trickle';

export const SLOW_RESPONSE_MS = 300;
/** One byte, then two-byte characters: the 1,024th byte starts a character. */
export const VERBOSE_BODY = `x${'é'.repeat(600)}`;

export interface ReceivedRequest {
  path: string;
  deliveryId: string;
  timestamp: string;
  /** Service-Signature entries. */
  signatures: string[];
  body: Buffer;
  /** Every request header as received, names lower-cased. */
  headers: NodeJS.Dict<string | string[]>;
  /** Which of the path's secrets produced a matching signature. */
  verifiedWith: string[];
  /** All four headers present, version v1, timestamp within 5 minutes, and a signature matches. */
  verified: boolean;
  behavior: ReceiverBehavior;
}

export interface TestReceiver {
  port: number;
  /** https://<host>:<port><path>; host 127.0.0.1 unless given. */
  url(path: string, host?: string): string;
  /** The secrets a path verifies with (any may match). */
  trust(path: string, secrets: readonly string[]): void;
  /** Behavior of the next requests to a path: a fixed one, or one per request (by 0-based request number to that path). */
  behave(path: string, behavior: ReceiverBehavior | ((requestNumber: number) => ReceiverBehavior)): void;
  requests(path?: string): ReceivedRequest[];
  /** Distinct Service-Delivery values received, with the requests of each. */
  deliveries(path?: string): Map<string, ReceivedRequest[]>;
  /** Destroys the connections of every request left hanging so far, as a receiver that crashed would. */
  dropHanging(): void;
  close(): Promise<void>;
}

const TOLERANCE_SECONDS = 300;

export async function startTestReceiver(certificates: TestCertificates, options: { now?: () => Date } = {}): Promise<TestReceiver> {
  const now = options.now ?? (() => new Date());
  const secretsByPath = new Map<string, readonly string[]>();
  const behaviorByPath = new Map<string, (requestNumber: number) => ReceiverBehavior>();
  const received: ReceivedRequest[] = [];
  const hanging = new Set<Socket>();

  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    const path = request.url ?? '/';
    const requestNumber = received.filter((r) => r.path === path).length;
    const behavior = behaviorByPath.get(path)?.(requestNumber) ?? 'ok';
    if (behavior === 'reset') {
      received.push(record(path, request.headers, Buffer.alloc(0), behavior));
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(record(path, request.headers, Buffer.concat(chunks), behavior));
      switch (behavior) {
        case 'ok':
          return response.writeHead(204).end();
        case 'slow':
          return void setTimeout(() => response.writeHead(204).end(), SLOW_RESPONSE_MS);
        case 'error':
          return response.writeHead(500).end('receiver failed');
        case 'verbose':
          return response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end(VERBOSE_BODY);
        case 'redirect':
          return response.writeHead(302, { Location: '/redirected' }).end();
        case 'trickle':
          response.writeHead(200, { 'Content-Length': '1000' });
          return response.write('partial');
        case 'hang':
          hanging.add(request.socket);
          request.socket.once('close', () => hanging.delete(request.socket));
          return;
      }
    });
  });

  function record(path: string, headers: NodeJS.Dict<string | string[]>, body: Buffer, behavior: ReceiverBehavior): ReceivedRequest {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : '';
    };
    const deliveryId = header('service-delivery');
    const timestamp = header('service-timestamp');
    const signatures = header('service-signature').split(' ').filter(Boolean);
    const fresh = /^\d+$/.test(timestamp) && Math.abs(now().getTime() / 1000 - Number(timestamp)) <= TOLERANCE_SECONDS;
    const headersValid = deliveryId !== '' && fresh && header('service-signature-version') === 'v1' && signatures.every((entry) => entry.startsWith('v1,'));
    const verifiedWith = (secretsByPath.get(path) ?? []).filter((secret) => {
      // The documented layout: HMAC-SHA256 keyed with the secret's decoded bytes over "v1.<id>.<timestamp>." + raw body.
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64url');
      const expected = createHmac('sha256', key).update(Buffer.concat([Buffer.from(`v1.${deliveryId}.${timestamp}.`, 'utf8'), body])).digest();
      return signatures.some((entry) => {
        const candidate = Buffer.from(entry.slice('v1,'.length), 'base64');
        return candidate.length === expected.length && timingSafeEqual(candidate, expected);
      });
    });
    return { path, deliveryId, timestamp, signatures, body, headers, verifiedWith, verified: headersValid && verifiedWith.length > 0, behavior };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const requests = (path?: string) => received.filter((r) => path === undefined || r.path === path);
  return {
    port,
    url: (path, host = '127.0.0.1') => `https://${host}:${port}${path}`,
    trust: (path, secrets) => void secretsByPath.set(path, secrets),
    behave: (path, behavior) => void behaviorByPath.set(path, typeof behavior === 'function' ? behavior : () => behavior),
    requests,
    dropHanging() {
      for (const socket of hanging) socket.destroy();
    },
    deliveries(path) {
      const byId = new Map<string, ReceivedRequest[]>();
      for (const request of requests(path)) byId.set(request.deliveryId, [...(byId.get(request.deliveryId) ?? []), request]);
      return byId;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
