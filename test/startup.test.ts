// A process started while its database is not there yet waits for it, serving
// /health and a 503 /ready meanwhile, instead of exiting. The database is the real
// PostgreSQL behind a TCP forwarder that this test opens only later.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freshPostgres, type TestDatabase } from './support/databases.js';
import { freePort, spawnSentinel, stop, stopStragglers, untilAnswers } from './support/processes.js';
import { databaseUrl } from './support/services.js';

/** Forwards every connection on 127.0.0.1:<port> to the target address. */
function forward(port: number, target: { host: string; port: number }): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise<void>((closed) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => closed());
          }),
      }),
    ),
  );
}

describe('start-up while a dependency is unavailable', { timeout: 240_000 }, () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await stopStragglers();
    for (const database of databases) await database.drop();
  });

  it('serves /health and a 503 /ready while waiting for PostgreSQL, says so in the log, and comes up when it arrives', async () => {
    const database = await freshPostgres();
    databases.push(database);
    const direct = new URL(database.url!);
    const forwarderPort = await freePort();
    const throughForwarder = new URL(database.url!);
    throughForwarder.host = `127.0.0.1:${forwarderPort}`;
    const sentinel = await spawnSentinel({ DATABASE_URL: throughForwarder.toString(), LOG_LEVEL: 'info' }, 'api');

    await untilAnswers(sentinel, '/health', 200);
    const waiting = await fetch(`${sentinel.base}/ready`);
    expect([waiting.status, await waiting.json()]).toEqual([503, { status: 'unavailable', dependencies: { database: 'down', stream_log: 'down', stream_processors: 'up', analytics: 'down' } }]);
    const early = await fetch(`${sentinel.base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.test', password: 'whatever-it-is' }) });
    expect([early.status, early.headers.get('retry-after'), await early.json()]).toEqual([503, '1', { error: 'the service is starting, retry later', code: 'unavailable' }]);
    await vi.waitFor(() => expect(sentinel.output()).toContain('database migrations: a dependency is unavailable, retrying in'), { timeout: 30_000 });

    const forwarder = await forward(forwarderPort, { host: direct.hostname, port: Number(direct.port || 5432) });
    try {
      await untilAnswers(sentinel, '/ready', 200);
      expect(sentinel.output()).toMatch(/database migrations: done after \d+ attempts/);
      const signup = await fetch(`${sentinel.base}/api/v1/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'late@example.test', password: 'a-long-enough-password', name: 'Late' }) });
      expect(signup.status).toBe(201);
      expect(await stop(sentinel)).toBe(0);
    } finally {
      await forwarder.close();
    }
  });

  it('stops on SIGTERM while still waiting, with exit code 0', async () => {
    const unreachable = `postgres://postgres@127.0.0.1:${await freePort()}/sentinel`;
    const sentinel = await spawnSentinel({ DATABASE_URL: unreachable, LOG_LEVEL: 'info' }, 'api');
    await vi.waitFor(() => expect(sentinel.output()).toContain('a dependency is unavailable, retrying'), { timeout: 120_000 });
    expect(await stop(sentinel)).toBe(0);
  });

  it('exits at once, naming the cause, when waiting cannot help', async () => {
    const sentinel = await spawnSentinel({ DATABASE_URL: databaseUrl('sentinel_no_such_database') }, 'api');
    expect(await sentinel.exited).toBe(1);
    expect(sentinel.output()).toContain('sentinel failed to start: database "sentinel_no_such_database" does not exist');
  });
});
