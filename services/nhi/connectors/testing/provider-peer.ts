// Test-only: a provider on 127.0.0.1 over TLS (a certificate from the throwaway
// test CA), answering each request with the next scripted answer and recording
// what it received, so a test sees exactly how many calls reached the provider.
import https from 'node:https';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface ProviderPeer {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** Path and method of every request received, in order. */
  received: { method: string; path: string; headers: NodeJS.Dict<string | string[]> }[];
  /** Answers queued for the next requests; when the queue is empty the peer answers 200 {}. */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

export async function startProviderPeer(certificates: TestCertificates): Promise<ProviderPeer> {
  const queue: ScriptedAnswer[] = [];
  const received: ProviderPeer['received'] = [];
  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => {
      const answer = queue.shift() ?? { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    origin: listening.origin,
    received,
    script: (...answers) => queue.push(...answers),
    close: listening.close,
  };
}

/** A clock whose sleeps pass at once and are recorded, so retry delays are asserted exactly, not timed. */
export function virtualClock(start = Date.parse('2026-03-02T10:00:00Z')) {
  let current = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => current,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      current += ms;
    },
  };
}
