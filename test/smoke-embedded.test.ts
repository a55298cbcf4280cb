// The embedded profile as a newcomer runs it (`npm start`): a child process on a
// fresh DATA_DIR, with no server installed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawnSentinel, startReady, stop } from './support/processes.js';

describe('embedded profile smoke test (child process)', () => {
  const dirs: string[] = [];
  const freshDataDir = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-smoke-'));
    dirs.push(dataDir);
    return dataDir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts with no servers, answers the API, says where it listens and stops gracefully', async () => {
    const sentinel = await startReady({ DATA_DIR: await freshDataDir(), LOG_LEVEL: 'info' });
    const { base, output } = sentinel;

    const ready = await fetch(`${base}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', dependencies: { database: 'up', stream_log: 'up', analytics: 'up' } });
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    const missing = await fetch(`${base}/api/v1/no-such-route`, { headers: { 'x-request-id': 'smoke-1' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('smoke-1');
    expect(await missing.text()).toBe('{"error":"not found","code":"not_found"}');

    expect(output()).toContain(`listening on ${base}`);
    // Every stdout line is a structured JSON log line carrying the request id where there is one;
    // the request's lines may still be in the pipe when the response has arrived.
    await vi.waitFor(() => {
      const logLines = output().split('\n').filter((line) => line.startsWith('{'));
      expect(logLines.some((line) => JSON.parse(line).request_id === 'smoke-1')).toBe(true);
    });

    expect(await stop(sentinel)).toBe(0);
  });

  it('refuses a second process on the same DATA_DIR while the first runs, with a clear message and a non-zero exit', async () => {
    const dataDir = await freshDataDir();
    const first = await startReady({ DATA_DIR: dataDir });

    const second = await spawnSentinel({ DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
    // The first process is unaffected.
    expect((await fetch(`${first.base}/ready`)).status).toBe(200);
    expect(await stop(first)).toBe(0);
  });
});
