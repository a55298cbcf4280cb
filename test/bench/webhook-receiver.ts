// The webhook benchmark's receiver: a process of its own (forked by
// webhooks.bench.ts, with an IPC channel) serving HTTPS on 127.0.0.1, which
// verifies every delivery's signature against its endpoint's secret with
// verifyDelivery (services/webhooks/signature.ts, docs/webhook-signatures.md),
// answers 204 to a verified one and 400 to any other, and counts.
//
// Messages in: { trust: { path, secret } }, { report: true }, { reset: true }.
// Messages out: { port }, then one report per request for it.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { verifyDelivery } from '../../services/webhooks/signature.js';

export interface ReceiverReport {
  verified: number;
  /** Requests whose signature did not verify, by reason. */
  failures: Record<string, number>;
  /** Distinct Service-Delivery ids among the verified. */
  distinct: number;
  /** performance.now() of the first and the last verified delivery, in this process. */
  firstAt: number;
  lastAt: number;
}

export type ReceiverMessage = { trust: { path: string; secret: string } } | { report: true } | { reset: true };

const secrets = new Map<string, string>();
let report: ReceiverReport;
let deliveryIds: Set<string>;
function reset(): void {
  report = { verified: 0, failures: {}, distinct: 0, firstAt: 0, lastAt: 0 };
  deliveryIds = new Set();
}
reset();

const server = https.createServer({ key: process.env.RECEIVER_KEY_PEM, cert: process.env.RECEIVER_CERT_PEM, keepAliveTimeout: 30_000 }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const secret = secrets.get(request.url ?? '');
    const result = secret === undefined ? { ok: false as const, reason: 'unknown_path' } : verifyDelivery({ secret, headers: request.headers, body: Buffer.concat(chunks) });
    if (!result.ok) {
      report.failures[result.reason] = (report.failures[result.reason] ?? 0) + 1;
      response.writeHead(400).end();
      return;
    }
    const now = performance.now();
    if (report.verified === 0) report.firstAt = now;
    report.lastAt = now;
    report.verified++;
    deliveryIds.add(String(request.headers['service-delivery']));
    report.distinct = deliveryIds.size;
    response.writeHead(204).end();
  });
});

process.on('message', (message: ReceiverMessage) => {
  if ('trust' in message) secrets.set(message.trust.path, message.trust.secret);
  else if ('reset' in message) reset();
  else process.send!({ report });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
