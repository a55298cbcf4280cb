// Test-only: fabric8's Kubernetes API mock server in CRUD mode, a Java process on
// 127.0.0.1 serving HTTPS with its own self-signed certificate. infra/kubernetes-mock.sh
// fetches it from Maven Central (cached) and compiles its launcher
// (test/support/kubernetes-mock/KubernetesMockLauncher.java); this starts it, which
// takes about two seconds, so a test file starts it once. It stops when its standard
// input closes: with close(), or with the test process.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import https from 'node:https';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../infra/kubernetes-mock.sh');
const PREPARE_BUDGET_MS = 300_000;
const START_BUDGET_MS = 30_000;

export interface KubernetesMock {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The server's own certificate: trust it to reach it. */
  certificatePem: string;
  /** One request straight to the mock (not through any proxy), its JSON answer. */
  request(method: 'GET' | 'POST' | 'DELETE', apiPath: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startKubernetesMock(): Promise<KubernetesMock> {
  const prepared = await promisify(execFile)('bash', [SCRIPT, 'prepare'], { timeout: PREPARE_BUDGET_MS, maxBuffer: 1024 * 1024 });
  const [command, ...args] = prepared.stdout.split('\n').filter((line) => line !== '');
  if (command === undefined) throw new Error(`infra/kubernetes-mock.sh printed no command: ${prepared.stderr}`);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const { port, certificate } = await firstLine(child);
  const origin = `https://127.0.0.1:${port}`;
  const agent = new https.Agent({ ca: certificate, keepAlive: true });

  function request(method: 'GET' | 'POST' | 'DELETE', apiPath: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const outgoing = https.request(
        `${origin}${apiPath}`,
        { method, agent, headers: { accept: 'application/json', ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(payload.length) }) } },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: incoming.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) });
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  return {
    origin,
    certificatePem: certificate,
    request,
    close: async () => {
      agent.destroy();
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The launcher's first line of output: where it listens and its certificate. */
function firstLine(child: ChildProcess): Promise<{ port: number; certificate: string }> {
  return new Promise((resolve, reject) => {
    let errors = '';
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`the Kubernetes mock did not start within ${START_BUDGET_MS} ms: ${errors}`)), START_BUDGET_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-4_000);
    });
    child.once('exit', (code) => fail(new Error(`the Kubernetes mock exited (${code}): ${errors}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      try {
        resolve(JSON.parse(line) as { port: number; certificate: string });
      } catch {
        fail(new Error(`the Kubernetes mock printed an unexpected first line: ${line}`));
      }
    });
  });
}
