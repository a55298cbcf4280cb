// Test-only: the real reference MCP server (@modelcontextprotocol/server-everything)
// on 127.0.0.1, over plain HTTP as it serves, behind a TLS-terminating proxy with
// a certificate from the throwaway test CA. Start it once per test file: it is a
// child process and takes a moment to come up.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestCertificates } from '../../../platform/egress/testing/certificates.js';
import { listenOnLoopback } from '../../../platform/egress/testing/loopback-https.js';
import { freePort } from '../../../../test/support/processes.js';

export interface ReferenceServer {
  /** https://127.0.0.1:<proxy port>/mcp: what a connector names. */
  endpoint: string;
  /** http://127.0.0.1:<server port>/mcp: the server itself, without TLS. */
  plainEndpoint: string;
  /** Every request that reached the server through the proxy. */
  received: ProxiedRequest[];
  close(): Promise<void>;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  authorization?: string;
}

const READY_LINE = /listening on port/i;
const START_BUDGET_MS = 20_000;

export async function startReferenceServer(certificates: TestCertificates): Promise<ReferenceServer> {
  const port = await freePort();
  const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const preload = fileURLToPath(new URL('../../../platform/egress/testing/loopback-only.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--import', preload, entry, 'streamableHttp'], { env: { PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await untilReady(child);
  const proxy = await startTlsProxy(certificates, port);
  return {
    endpoint: `${proxy.origin}/mcp`,
    plainEndpoint: `http://127.0.0.1:${port}/mcp`,
    received: proxy.received,
    close: async () => {
      await proxy.close();
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function untilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`reference server did not start within ${START_BUDGET_MS} ms: ${output}`)), START_BUDGET_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`reference server exited (${code}): ${output}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!READY_LINE.test(output)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve();
    });
  });
}

/** An HTTPS server on 127.0.0.1 passing every request, streams included, to the plain HTTP server on `upstreamPort`. */
export async function startTlsProxy(certificates: TestCertificates, upstreamPort: number) {
  const received: ProxiedRequest[] = [];
  const server = https.createServer({ key: certificates.serverKeyPem, cert: certificates.serverCertPem }, (request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  const listening = await listenOnLoopback(server);
  return { origin: listening.origin, received, close: listening.close };
}
