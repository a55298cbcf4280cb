// What this machine does with fixed work, printed before any figure. The same code has
// measured up to two and a half times apart on the machines this project ran on
// (docs/decisions/testing.md, "Benchmarks"; figures in docs/benchmarks.md): with these beside the figures, a reader can tell
// a figure that moved with the machine from one that moved with the code.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { testServices } from '../support/services.js';

export interface MachineFacts {
  cores: number;
  cpu: string;
  /** A page of 50 findings serialized and parsed back 1,000 times, on one core. */
  javascriptMs: number;
  /** PostgreSQL counting 1,000,000 generated rows, on one core. */
  postgresMs: number;
  /** One small message to a process on the same machine and back, over loopback TCP. */
  loopbackRoundTripUs: number;
  /** SELECT 1 to PostgreSQL and back. */
  postgresRoundTripUs: number;
}

const bestOf = async (times: number, work: () => Promise<number> | number): Promise<number> => {
  let best = Infinity;
  for (let i = 0; i < times; i++) best = Math.min(best, await work());
  return best;
};

function javascriptWork(): number {
  const page = Array.from({ length: 50 }, (_, n) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    identifier: `CVE-2024-${10_000 + n}`,
    title: `Bench advisory ${n}`,
    severity: 'high',
    detail: { fixed_version: '1.0.0-2', installed_version: '1.0.0-1', cvss_score: 7.5 },
    first_seen_at: new Date(1_700_000_000_000 + n).toISOString(),
    last_seen_at: new Date(1_700_000_500_000 + n).toISOString(),
  }));
  const started = performance.now();
  for (let i = 0; i < 1_000; i++) JSON.parse(JSON.stringify({ items: page, has_more: true, total: i }));
  return performance.now() - started;
}

/** The mean of `count` sequential round trips to an echo server in a process of its own. */
async function loopbackRoundTrip(count: number): Promise<number> {
  const echo = spawn(process.execPath, ['-e', "const s = require('node:net').createServer((c) => c.on('data', (d) => c.write(d))); s.listen(0, '127.0.0.1', () => console.log(s.address().port))"], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [portLine] = (await once(echo.stdout, 'data')) as [Buffer];
    const socket = net.connect(Number(portLine.toString().trim()), '127.0.0.1');
    await once(socket, 'connect');
    socket.setNoDelay(true);
    const message = Buffer.alloc(64, 'x');
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      socket.write(message);
      await once(socket, 'data');
    }
    const elapsed = performance.now() - started;
    socket.destroy();
    return (elapsed * 1000) / count;
  } finally {
    echo.kill();
  }
}

export async function measureMachine(): Promise<MachineFacts> {
  const client = new pg.Client({ connectionString: testServices.postgresAdminUrl, application_name: 'bench-machine' });
  await client.connect();
  try {
    const postgresMs = await bestOf(3, async () => {
      const started = performance.now();
      await client.query('SELECT count(*) FROM generate_series(1, 1000000)');
      return performance.now() - started;
    });
    const roundTrips = 1_000;
    const postgresRoundTripUs = await bestOf(3, async () => {
      const started = performance.now();
      for (let i = 0; i < roundTrips; i++) await client.query('SELECT 1');
      return ((performance.now() - started) * 1000) / roundTrips;
    });
    return {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      javascriptMs: await bestOf(3, javascriptWork),
      postgresMs,
      loopbackRoundTripUs: await bestOf(3, () => loopbackRoundTrip(2_000)),
      postgresRoundTripUs,
    };
  } finally {
    await client.end();
  }
}

export function describeMachine(facts: MachineFacts): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const us = (value: number) => `${value.toFixed(0)} µs`;
  return [
    `machine: ${facts.cores} cores (${facts.cpu}); fixed work, best of three:`,
    `  a 50-finding page serialized and parsed 1,000 times: ${ms(facts.javascriptMs)}`,
    `  PostgreSQL counting 1,000,000 generated rows: ${ms(facts.postgresMs)}`,
    `  a round trip over loopback TCP to another process: ${us(facts.loopbackRoundTripUs)}`,
    `  a round trip to PostgreSQL (SELECT 1): ${us(facts.postgresRoundTripUs)}`,
  ].join('\n');
}
