// How the API answers while large imports run, on the embedded profile (// item 6): `sentinel all` on a fresh DATA_DIR (bin/sentinel.js, as `npm start`
// runs it), 16 imports of a real Grype report grown to 1,500 entries posted at
// once, while one client asks /ready and another GET /findings, each sending its
// next request when the last is answered. The figures are the p99 latency of the
// requests each client sent from the first import sent to the last import
// answered, in two runs (a fresh process and directory each). Target: under 100 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importsUnderProbes, largeRealReport, type Answer } from '../support/concurrent-imports.js';
import { startReady, stop } from '../support/processes.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import { percentile, type BenchResult } from './figures.js';

const TARGET_MS = 100;
const RUNS = 2;
const FINDINGS = '/api/v1/findings?limit=50';

interface Run {
  ready: number[];
  findings: number[];
  windowMs: number;
  importMs: number[];
}

async function oneRun(reports: readonly Record<string, unknown>[]): Promise<Run> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-bench-stall-'));
  const sentinel = await startReady({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}) });
  try {
    const signup = await fetch(`${sentinel.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.test', password: 'a-long-enough-password', name: 'Bench' }),
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
    const { access_token: token } = (await signup.json()) as { access_token: string };
    const settled = async (scanIds: string[]) => {
      for (;;) {
        const states = await Promise.all(
          scanIds.map(async (id) => ((await (await fetch(`${sentinel.base}/api/v1/scans/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { state: string }).state),
        );
        if (states.some((state) => state === 'failed')) throw new Error('an import failed');
        if (states.every((state) => state === 'completed')) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const run = await importsUnderProbes(sentinel.base, token, reports, settled);
    const refused = [...run.imports, ...run.probes].filter((answer) => answer.status >= 300);
    if (refused.length > 0) throw new Error(`${refused.length} requests were refused, the first ${refused[0]!.path} with ${refused[0]!.status}`);
    const during = (probePath: string) =>
      run.probes
        .filter((probe: Answer) => probe.path === probePath && probe.sentAt >= run.window.start && probe.sentAt <= run.window.end)
        .map((probe) => probe.answeredAt - probe.sentAt)
        .sort((a, b) => a - b);
    return { ready: during('/ready'), findings: during(FINDINGS), windowMs: run.window.end - run.window.start, importMs: run.imports.map((answer) => answer.answeredAt - answer.sentAt) };
  } finally {
    await stop(sentinel);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult> {
  const reports = Array.from({ length: benchSize.stallImports }, () => largeRealReport(benchSize.stallEntries));
  const runs: Run[] = [];
  for (let n = 0; n < RUNS; n++) runs.push(await oneRun(reports));
  const p99 = (values: number[]) => (values.length === 0 ? Number.POSITIVE_INFINITY : percentile(values, 99));
  return {
    figures: [
      { name: '/ready p99 during imports', unit: 'ms', better: 'lower', runs: runs.map((r) => p99(r.ready)), target: TARGET_MS },
      { name: 'GET /findings p99 during imports', unit: 'ms', better: 'lower', runs: runs.map((r) => p99(r.findings)), target: TARGET_MS },
      { name: 'slowest import answer', unit: 'ms', better: 'lower', runs: runs.map((r) => Math.max(...r.importMs)) },
    ],
    facts: {
      imports: `${benchSize.stallImports} at once, ${benchSize.stallEntries} entries each`,
      'imports in progress (run 1 / run 2)': runs.map((r) => `${(r.windowMs / 1000).toFixed(1)} s`).join(' / '),
      '/ready answers during imports': runs.map((r) => r.ready.length).join(' / '),
      'GET /findings answers during imports': runs.map((r) => r.findings.length).join(' / '),
      'GET /findings p50 / p90 during imports (run 1; run 2)': runs.map((r) => (r.findings.length === 0 ? 'none' : `${percentile(r.findings, 50).toFixed(1)} / ${percentile(r.findings, 90).toFixed(1)} ms`)).join('; '),
    },
    scaled: scaledSettings(['stallImports', 'stallEntries']),
  };
}
