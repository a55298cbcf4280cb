// Concurrent clients over real sockets (autocannon), each request built by the
// benchmark, every answer's status checked and every response time kept: the
// percentiles are computed here from all of them, not from a bucketed histogram.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { percentile } from './figures.js';

export interface LoadOptions {
  base: string;
  token: string;
  connections: number;
  amount: number;
  /** The next request to send; called once per request, from any connection. */
  next(): { method: 'GET' | 'POST'; path: string };
  /** Every answer must have this status, or the run is an error. */
  expectStatus: number;
}

export interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const timings: number[] = [];
  const unexpected = new Map<number, number>();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.base,
        connections: options.connections,
        amount: options.amount,
        timeout: 30,
        headers: { authorization: `Bearer ${options.token}` },
        requests: [{ setupRequest: (request) => ({ ...request, ...options.next() }) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === options.expectStatus) timings.push(responseTime);
      else unexpected.set(statusCode, (unexpected.get(statusCode) ?? 0) + 1);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.errors > 0 || unexpected.size > 0 || timings.length !== options.amount) {
    const statuses = [...unexpected].map(([status, count]) => `${count} × ${status}`).join(', ');
    throw new Error(`of ${options.amount} requests, ${timings.length} answered ${options.expectStatus}; ${result.errors} errors (${result.timeouts} timeouts); other statuses: ${statuses || 'none'}`);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99), requestsPerSecond: options.amount / seconds };
}
