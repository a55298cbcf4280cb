// The analytics benchmark's floor for ClickHouse: the very statements a view sent,
// sent again straight to ClickHouse. A recording proxy stands between the API and
// ClickHouse while each URL is asked once; it keeps the HTTP requests the API's
// client made (the SQL, its settings and format). The floor then replays each URL's
// requests in order, bare, from the same number of concurrent clients, and times them:
// no routing, authentication, window parsing, zero-filling or JSON shaping.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { percentile } from './figures.js';
import type { LoadResult } from './http-load.js';

export interface RecordedRequest {
  method: string;
  /** Path and query string, without the query id (unique per statement, refused when two run at once). */
  path: string;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export interface ClickHouseRecorder {
  url: string;
  /** The statements recorded since the last call (the server's pings left out). */
  take(): RecordedRequest[];
  close(): Promise<void>;
}

/** Forwards one request to ClickHouse and answers with its status and the whole body, read. */
function forward(target: URL, request: RecordedRequest): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.path, headers: request.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const withoutQueryId = (path: string): string => {
  const url = new URL(path, 'http://clickhouse');
  url.searchParams.delete('query_id');
  return `${url.pathname}${url.search}`;
};

export async function startClickHouseRecorder(clickhouseUrl: string): Promise<ClickHouseRecorder> {
  const target = new URL(clickhouseUrl);
  let recorded: RecordedRequest[] = [];
  const server = http.createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const { host: _host, connection: _connection, ...headers } = incoming.headers;
      const request = { method: incoming.method ?? 'GET', path: withoutQueryId(incoming.url ?? '/'), headers, body: Buffer.concat(chunks) };
      if (!request.path.startsWith('/ping')) recorded.push(request);
      forward(target, request).then(
        ({ status, headers: responseHeaders, body }) => {
          const { connection: _c, 'transfer-encoding': _t, ...kept } = responseHeaders;
          answer.writeHead(status, { ...kept, 'content-length': String(body.length) }).end(body);
        },
        (error: Error) => answer.writeHead(502).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take() {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Replays `amount` asks from `connections` concurrent clients, cycling through `asks`
 * (each one URL's recorded statements, sent one after another as the view sent them).
 */
export async function replayFloor(clickhouseUrl: string, asks: readonly (readonly RecordedRequest[])[], connections: number, amount: number): Promise<LoadResult> {
  const target = new URL(clickhouseUrl);
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < amount) {
      const statements = asks[next++ % asks.length]!;
      const begun = performance.now();
      for (const statement of statements) {
        const { status, body } = await forward(target, statement);
        if (status !== 200) throw new Error(`ClickHouse answered ${status} to a replayed statement: ${body.toString('utf8').slice(0, 300)}`);
      }
      timings.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99), requestsPerSecond: amount / seconds, timings };
}
