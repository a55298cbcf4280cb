// Concurrent clients over real sockets (autocannon), each request built by the
// benchmark, every answer's status checked and every response time kept: the
// percentiles are computed here from all of them, not from a bucketed histogram.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { CpuMeter, CpuUse } from './cpu-meter.js';
import { percentile, type Figure } from './figures.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
}

export interface LoadOptions {
  base: string;
  token: string;
  connections: number;
  amount: number;
  /** The next request to send; called once per request, from any connection. */
  next(): LoadRequest;
  /** Every answer must have this status, or the run is an error. */
  expectStatus: number;
}

export interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Every response time (ms), ascending. */
  timings: number[];
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const timings: number[] = [];
  const unexpected = new Map<number, number>();
  const started = performance.now();
  // autocannon notices the last answer only at its next one-second tick: the run ends at the last answer.
  let lastAnswer = started;
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
      lastAnswer = performance.now();
      if (statusCode === options.expectStatus) timings.push(responseTime);
      else unexpected.set(statusCode, (unexpected.get(statusCode) ?? 0) + 1);
    });
  });
  const seconds = (lastAnswer - started) / 1000;
  if (result.errors > 0 || unexpected.size > 0 || timings.length !== options.amount) {
    const statuses = [...unexpected].map(([status, count]) => `${count} × ${status}`).join(', ');
    throw new Error(`of ${options.amount} requests, ${timings.length} answered ${options.expectStatus}; ${result.errors} errors (${result.timeouts} timeouts); other statuses: ${statuses || 'none'}`);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99), requestsPerSecond: options.amount / seconds, timings };
}

/**
 * The two runs of a latency benchmark: `amount` requests each, cycling through
 * `requests` from the first, with `beforeRun` (if given) awaited before each run.
 * `warmup` requests (if given) are sent first, untimed, as a service that has been
 * up a while has compiled its hot paths: a first run would otherwise time the JIT.
 */
export async function runTwice(
  options: Omit<LoadOptions, 'next'> & {
    requests: readonly LoadRequest[];
    beforeRun?: (run: number) => Promise<void>;
    warmup?: readonly LoadRequest[];
    /** FullProfile.meterCpu: each run's result says where the cores went while it ran. */
    meterCpu: () => CpuMeter;
  },
): Promise<(LoadResult & { cpu: CpuUse })[]> {
  const { requests, beforeRun, warmup, meterCpu, ...load } = options;
  if (warmup !== undefined && warmup.length > 0) {
    let next = 0;
    await runLoad({ ...load, amount: warmup.length, next: () => warmup[next++]! });
  }
  const runs: (LoadResult & { cpu: CpuUse })[] = [];
  for (let run = 1; run <= 2; run++) {
    await beforeRun?.(run);
    let next = 0;
    const meter = meterCpu();
    const result = await runLoad({ ...load, next: () => requests[next++ % requests.length]! });
    runs.push({ ...result, cpu: meter.stop() });
  }
  return runs;
}

/**
 * Two runs, each of `passes` passes over `requests` (every request once per pass), with
 * `beforePass` awaited before each: for requests that can be answered once per pass only,
 * such as a verdict per policy version. Each run's percentiles are over all its passes.
 */
export async function runPassesTwice(
  options: Omit<LoadOptions, 'next' | 'amount'> & { requests: readonly LoadRequest[]; passes: number; beforePass: () => Promise<unknown>; warmup?: readonly LoadRequest[] },
): Promise<LoadResult[]> {
  const { requests, passes, beforePass, warmup, ...load } = options;
  const pass = async (list: readonly LoadRequest[]) => {
    let next = 0;
    return runLoad({ ...load, amount: list.length, next: () => list[next++]! });
  };
  if (warmup !== undefined && warmup.length > 0) await pass(warmup);
  const runs: LoadResult[] = [];
  for (let run = 1; run <= 2; run++) {
    const results: LoadResult[] = [];
    for (let n = 0; n < passes; n++) {
      await beforePass();
      results.push(await pass(requests));
    }
    const timings = results.flatMap((result) => result.timings).sort((a, b) => a - b);
    const seconds = results.reduce((sum, result) => sum + result.timings.length / result.requestsPerSecond, 0);
    runs.push({ p50: percentile(timings, 50), p99: percentile(timings, 99), requestsPerSecond: timings.length / seconds, timings });
  }
  return runs;
}

/** A latency benchmark's figures: `subject` p99 (judged against the target, if any, at `scale`), p50, and answers per second. */
export function latencyFigures(subject: string, scale: string, runs: readonly LoadResult[], targetP99Ms?: number): Figure[] {
  return [
    { name: `${subject} p99, ${scale}`, unit: 'ms', better: 'lower', runs: runs.map((r) => r.p99), ...(targetP99Ms === undefined ? {} : { target: targetP99Ms }) },
    { name: `${subject} p50, ${scale}`, unit: 'ms', better: 'lower', runs: runs.map((r) => r.p50) },
    { name: `${subject} requests per second, ${scale}`, unit: 'req/s', better: 'higher', runs: runs.map((r) => r.requestsPerSecond) },
  ];
}
