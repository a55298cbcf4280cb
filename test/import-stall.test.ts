// Imports never stall the API: four imports of large real
// reports at once on the embedded profile, `npm start`'s process, while a client
// keeps asking /ready and GET /findings. Every request is answered, and the API
// kept answering while the imports were in progress. How fast is the benchmark's
// to say (test/bench/import-stall.bench.ts), not this test's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answeredWithin, importsUnderProbes, largeRealReport } from './support/concurrent-imports.js';
import { openEmbeddedDataDir } from './support/databases.js';
import { startReady, stop, stopStragglers, type SentinelProcess } from './support/processes.js';

// Smaller than the benchmark's sixteen of 1,500: enough to keep the imports running while
// the probes are counted, in a fraction of CI's time.
const IMPORTS = 4;
const ENTRIES = 500;

describe('four large imports at once on the embedded profile', { timeout: 600_000 }, () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    await stopStragglers();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves /ready and GET /findings answering throughout', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-import-stall-'));
    // Migrated already: a first start is the smoke test's subject, not this one's.
    await (await openEmbeddedDataDir(dataDir)).close();
    const sentinel: SentinelProcess = await startReady({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' });
    const signup = await fetch(`${sentinel.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stall@example.test', password: 'a-long-enough-password', name: 'Stall' }),
    });
    expect(signup.status).toBe(201);
    const { access_token: token } = (await signup.json()) as { access_token: string };

    const reports = Array.from({ length: IMPORTS }, () => largeRealReport(ENTRIES));
    const scanStates = async (scanIds: string[]) =>
      Promise.all(
        scanIds.map(async (id) => {
          const response = await fetch(`${sentinel.base}/api/v1/scans/${id}`, { headers: { authorization: `Bearer ${token}` } });
          return (await response.json()) as { state: string; new_findings: number | null };
        }),
      );
    const settled = async (scanIds: string[]) => {
      while ((await scanStates(scanIds)).some((scan) => scan.state !== 'completed')) await new Promise((resolve) => setTimeout(resolve, 500));
    };
    const run = await importsUnderProbes(sentinel.base, token, reports, settled);

    expect(run.imports.map((answer) => answer.status)).toEqual(Array<number>(IMPORTS).fill(202));
    const scans = await scanStates(run.imports.map((answer) => answer.scanId!));
    expect(scans.map((scan) => scan.new_findings)).toEqual(Array<number>(IMPORTS).fill(ENTRIES));
    // Every request of the two clients was answered, and answered well.
    expect(run.probes.filter((probe) => probe.status !== 200)).toEqual([]);
    // Progress, not speed: while the imports were read and recorded (until their
    // scans completed), the probe was answered again and again (a handful of times in all
    // while reports were parsed and PGlite ran on the request thread), and so was the
    // findings listing (7 to 10 times in all while it waited its turn behind the imports'
    // transactions at the embedded database's one connection, thousands with the request lane).
    expect(answeredWithin(run.probes, '/ready', run.window).length).toBeGreaterThanOrEqual(10 * IMPORTS);
    expect(answeredWithin(run.probes, '/api/v1/findings?limit=50', run.window).length).toBeGreaterThanOrEqual(10 * IMPORTS);

    expect(await stop(sentinel)).toBe(0);
  });
});
