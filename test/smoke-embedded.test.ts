import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts `npm start`'s command exactly as a newcomer would, on a fresh data directory. */
async function startEmbedded(dataDir: string, port: number): Promise<{ child: ChildProcess; output: () => string; base: string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/cli.ts', 'all'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`embedded profile exited early:\n${output}`);
    const ready = await fetch(`${base}/ready`).then((r) => r.status === 200, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`embedded profile never became ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => output, base };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

describe('embedded profile smoke test (child process)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts with no servers, answers the API, says where it listens and stops gracefully', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-smoke-'));
    dirs.push(dataDir);
    const port = await freePort();
    const { child, output, base } = await startEmbedded(dataDir, port);

    const ready = await fetch(`${base}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', dependencies: { database: 'up', stream_log: 'up', analytics: 'up' } });
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const missing = await fetch(`${base}/api/v1/no-such-route`, { headers: { 'x-request-id': 'smoke-1' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('smoke-1');
    expect(await missing.text()).toBe('{"error":"not found","code":"not_found"}');

    expect(output()).toContain(`listening on http://127.0.0.1:${port}`);
    // Every stdout line is a structured JSON log line carrying the request id where there is one;
    // the request's lines may still be in the pipe when the response has arrived.
    await vi.waitFor(() => {
      const logLines = output().split('\n').filter((line) => line.startsWith('{'));
      expect(logLines.some((line) => JSON.parse(line).request_id === 'smoke-1')).toBe(true);
    });

    expect(await stop(child)).toBe(0);
  });

  it('refuses a second process on the same DATA_DIR while the first runs, with a clear message and a non-zero exit', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-smoke-'));
    dirs.push(dataDir);
    const first = await startEmbedded(dataDir, await freePort());

    const second = spawn(process.execPath, ['--import', 'tsx', 'services/cli.ts', 'all'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(await freePort()) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let secondErrors = '';
    second.stderr!.on('data', (chunk: Buffer) => (secondErrors += chunk.toString()));
    const secondExit = await new Promise<number | null>((resolve) => second.once('exit', (code) => resolve(code)));

    expect(secondExit).not.toBe(0);
    expect(secondErrors).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
    // The first process is unaffected.
    expect((await fetch(`${first.base}/ready`)).status).toBe(200);
    expect(await stop(first.child)).toBe(0);
  });
});
