// What a benchmark's floor process is made of: a plain HTTP server answering every
// request with the JSON one function gives, over a pool of as many connections as
// Sentinel's, in a process of its own forked with an IPC channel (bench-process.ts):
// it sends { port } once it listens and exits when the channel closes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export function serveBare(answer: (pool: pg.Pool, url: string) => Promise<unknown>): void {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const server = http.createServer((request, response) => {
    answer(pool, request.url ?? '/').then(
      (body) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(body));
      },
      (error: Error) => {
        response.writeHead(500).end(error.message);
      },
    );
    request.resume();
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => {
    server.close();
    void pool.end();
  });
}
