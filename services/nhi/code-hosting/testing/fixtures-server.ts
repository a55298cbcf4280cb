// Test-only: @octokit/fixtures-server 8.1.7 replaying @octokit/fixtures 23.1.2's
// recorded GitHub scenarios (responses and headers as GitHub sent them), as a child
// process on 127.0.0.1 (it replays through nock, which patches Node's HTTP client
// process-wide, so it must never run inside the test's own process), behind a
// TLS-terminating front with the test CA's certificate. Its FIXTURES_URL is the
// front, so the Link headers it rewrites point back through TLS.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';
import { freePort } from '../../../../test/support/processes.js';

export interface FixturesServer {
  /** Loads a recorded scenario; answers the API base URL that replays it, once. */
  load(scenario: string): Promise<string>;
  /** Paths of the requests that reached the server through the front. */
  received: string[];
  close(): Promise<void>;
}

const START_BUDGET_MS = 20_000;

export async function startFixturesServer(certificates: TestCertificates): Promise<FixturesServer> {
  const port = await freePort();
  const received: string[] = [];
  const front = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    received.push(request.url ?? '');
    const forwarded = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  const listening = await listenOnLoopback(front);
  const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('@octokit/fixtures-server/package.json')), 'bin', 'server.js');
  const preload = fileURLToPath(new URL('../../../platform/egress/testing/loopback-only.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--import', preload, entry], { env: { PORT: String(port), FIXTURES_URL: listening.origin, LOG_LEVEL: 'silent' }, stdio: 'ignore' });
  const exited = once(child, 'exit');

  const post = (scenario: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/fixtures', headers: { 'content-type': 'application/json' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end(JSON.stringify({ scenario }));
    });

  const deadline = Date.now() + START_BUDGET_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the fixtures server exited (${child.exitCode})`);
    const ready = await post('get-organization').then(() => true, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the fixtures server did not start within ${START_BUDGET_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    received,
    async load(scenario) {
      const answer = await post(scenario);
      if (answer.status !== 201) throw new Error(`loading scenario ${scenario} answered ${answer.status}: ${answer.body}`);
      return (JSON.parse(answer.body) as { url: string }).url;
    },
    close: async () => {
      await listening.close();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
