// The embedded profile as a newcomer runs it (`npm start`): a child process on a
// fresh DATA_DIR, with no server installed.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawnSentinel, startReady, stop, stopStragglers } from './support/processes.js';

// Each test starts one or two processes; under load a start alone can take half a minute.
describe('embedded profile smoke test (child process)', { timeout: 300_000 }, () => {
  const dirs: string[] = [];
  const freshDataDir = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-smoke-'));
    dirs.push(dataDir);
    return dataDir;
  };
  afterAll(async () => {
    await stopStragglers();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  // One story, to start as few processes as possible: first start, a second process
  // refused on the same directory, SIGTERM, restart, and the data is still there.
  it('starts with no servers, serves the API, locks DATA_DIR, stops on SIGTERM and keeps its data across a restart', async () => {
    const dataDir = await freshDataDir();
    const first = await startReady({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const { base, output } = first;

    // Probes, the document and the one 404 body.
    const ready = await fetch(`${base}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', dependencies: { database: 'up', stream_log: 'up', stream_processors: 'up', analytics: 'up' } });
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string; servers: unknown };
    expect(document.openapi).toMatch(/^3\./);
    // The port it runs on, not the source document's 8080.
    expect(document.servers).toEqual([{ url: base, description: 'This service' }]);
    const missing = await fetch(`${base}/api/v1/no-such-route`, { headers: { 'x-request-id': 'smoke-1' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('smoke-1');
    expect(await missing.text()).toBe('{"error":"not found","code":"not_found"}');

    expect(output()).toContain(`listening on ${base}`);
    // A first start says what it is doing, in this order, from before the sources are even compiled,
    // exactly as the README shows it (but for the data directory and the address).
    const placeless = (line: string) => line.replace(/ in \S+ \(/, ' in DATA_DIR (').replace(/ on http:\S+$/, ' on ADDRESS');
    const said = output().split('\n').filter((line) => line.startsWith('sentinel: ')).map(placeless);
    expect(said).toEqual(readmeFirstStart().map(placeless));
    // Every stdout line is a structured JSON log line carrying the request id where there is one;
    // the request's lines may still be in the pipe when the response has arrived.
    await vi.waitFor(() => {
      const logLines = output().split('\n').filter((line) => line.startsWith('{'));
      expect(logLines.some((line) => JSON.parse(line).request_id === 'smoke-1')).toBe(true);
    });

    // A person signs up, reads /me and creates an API key, which works.
    const person = { email: 'smoke@example.test', password: 'a-long-enough-password', name: 'Smoke Test' };
    const signup = await post(base, '/api/v1/auth/signup', person);
    expect(signup.status).toBe(201);
    const { access_token: signupToken } = (await signup.json()) as { access_token: string };
    const me = await get(base, '/api/v1/me', signupToken);
    expect(me.status).toBe(200);
    const { id } = (await me.json()) as { id: string };
    const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const created = await post(base, '/api/v1/api-keys', { name: 'smoke', scopes: ['members:read'], expires_at: expiresAt }, signupToken);
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    expect((await get(base, '/api/v1/members', key)).status).toBe(200);

    // No key was configured: the first start generated its keys into DATA_DIR, for the owner alone.
    for (const file of ['token-signing.key', 'secret-box.key']) expect((await stat(path.join(dataDir, 'keys', file))).mode & 0o777, file).toBe(0o600);

    // A second process on the same DATA_DIR is refused and leaves the first alone.
    const intruder = await spawnSentinel({ DATA_DIR: dataDir });
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
    expect((await fetch(`${base}/ready`)).status).toBe(200);

    expect(await stop(first)).toBe(0);

    // Started again on the same DATA_DIR: the person logs in, the key and the earlier token still work.
    const restarted = await startReady({ DATA_DIR: dataDir });
    const login = await post(restarted.base, '/api/v1/auth/login', { email: person.email, password: person.password });
    expect(login.status).toBe(200);
    const { access_token: loginToken } = (await login.json()) as { access_token: string };
    expect(await (await get(restarted.base, '/api/v1/me', loginToken)).json()).toMatchObject({ id, email: person.email });
    expect((await get(restarted.base, '/api/v1/members', key)).status).toBe(200);
    // The keys were read again, not made anew: the access token issued before the restart still works.
    expect((await get(restarted.base, '/api/v1/me', signupToken)).status).toBe(200);
    // A restart opens the database the first start made, and does not promise a first start's wait.
    expect(restarted.output()).toContain(`sentinel: preparing the embedded database in ${dataDir}\n`);
    expect(restarted.output()).not.toContain('a first start takes');
    expect(await stop(restarted)).toBe(0);
  });

  it('lets requests that arrived before SIGTERM finish, even when the signal comes twice, then exits 0', async () => {
    const sentinel = await startReady({ DATA_DIR: await freshDataDir(), LOG_LEVEL: 'info' });
    // Sign-ups hash a password with the production scrypt cost, so they are still running when the signal comes.
    const requestIds = Array.from({ length: 6 }, (_, i) => `drain-${i}`);
    let signalledAt = Number.POSITIVE_INFINITY;
    const answers = requestIds.map((requestId) =>
      post(sentinel.base, '/api/v1/auth/signup', { email: `${requestId}@example.test`, password: 'a-long-enough-password', name: requestId }, undefined, requestId).then((response) => ({
        status: response.status,
        answeredAfterSignal: Date.now() > signalledAt,
      })),
    );
    // Every request has reached the server (it logged it) before the signal is sent.
    await vi.waitFor(() => {
      const arrived = sentinel.output().split('\n').filter((line) => line.includes('"incoming request"'));
      for (const requestId of requestIds) expect(arrived.some((line) => line.includes(`"request_id":"${requestId}"`))).toBe(true);
    }, { timeout: 10_000, interval: 20 });
    signalledAt = Date.now();
    const exitCode = stop(sentinel);
    // npm passes on the signal its process group already got: a repeat, arriving once the
    // first is being handled, must not cut the drain short.
    await vi.waitFor(() => expect(sentinel.output()).toContain('"msg":"shutting down"'), { timeout: 10_000, interval: 5 });
    sentinel.child.kill('SIGTERM');

    const answered = await Promise.all(answers);
    expect(answered.map((answer) => answer.status)).toEqual(requestIds.map(() => 201));
    // Otherwise the test proved nothing: at least one request was still in flight at the signal.
    expect(answered.some((answer) => answer.answeredAfterSignal)).toBe(true);
    expect(await exitCode, sentinel.output().split('\n').slice(-15).join('\n')).toBe(0);
  });
});

/** The lines the README shows a first start printing. */
function readmeFirstStart(): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /a first start on a fresh `\.\/data` prints:\n\n```text\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md no longer shows what a first start prints');
  return block[1]!.trimEnd().split('\n');
}

function post(base: string, urlPath: string, body: unknown, token?: string, requestId?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (requestId) headers['x-request-id'] = requestId;
  return fetch(`${base}${urlPath}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

function get(base: string, urlPath: string, token: string): Promise<Response> {
  return fetch(`${base}${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
}
