// `sentinel advisories sync` as an operator runs it: the real command in its own
// process, against a fresh PostgreSQL database and the local OSV archive server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type TestDatabase } from '../../test/support/databases.js';
import { runSentinel, stopStragglers } from '../../test/support/processes.js';
import { fixtureRecords, startOsvArchiveServer, type OsvArchiveServer } from './testing/osv-archive-server.js';

describe('sentinel advisories sync', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let server: OsvArchiveServer;
  let cwd: string;
  const fixtures = fixtureRecords();
  beforeAll(async () => {
    database = await freshPostgres();
    server = await startOsvArchiveServer();
    cwd = await mkdtemp(path.join(tmpdir(), 'sentinel-advisories-command-'));
  });
  afterAll(async () => {
    await stopStragglers();
    await server?.close();
    await database?.drop();
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });
  const run = (...args: string[]) =>
    runSentinel(['advisories', 'sync', ...args], { DATABASE_URL: database.url!, DATA_DIR: path.join(cwd, 'data'), ADVISORY_SOURCE: server.url, NODE_ENV: 'development', LOG_LEVEL: 'error' }, cwd);

  it('prints progress on stderr and one line per ecosystem and a summary on stdout', async () => {
    const first = await run('--ecosystem', 'Debian', '--ecosystem', 'PyPI');
    expect(first.stderr).toContain(`advisories sync: from ${server.url}: Debian, PyPI\n`);
    expect(first.stderr).toContain('advisories sync: Debian: downloading all.zip: 0.0 MB\n');
    expect(first.stderr).toMatch(/^advisories sync: PyPI: loading all\.zip: 100 entries read$/m);
    expect(first.stderr).toContain(`advisories sync: PyPI: done: ${fixtures.get('PyPI')!.length} records (full load)\n`);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Debian: 1 records, 1 written \(full load\) in \d+\.\d s$/);
    expect(lines[1]).toMatch(/^PyPI: 100 records, 100 written \(full load\) in \d+\.\d s$/);
    expect(lines[2]).toMatch(/^synchronized 2 of 2 ecosystems: 101 records written in \d+\.\d s \(\d+ records\/s\)$/);
    expect([first.code, lines.length]).toEqual([0, 3]);

    const second = await run('--ecosystem', 'PyPI');
    expect(second.stdout).toMatch(/^PyPI: 100 records, 0 written \(incremental\) in \d+\.\d s\n/);
    expect(second.code).toBe(0);
  });

  it('exits 1 naming the failure when the source fails, keeping what it holds', async () => {
    server.failWith(500);
    try {
      const failed = await run('--ecosystem', 'PyPI');
      expect(failed.stderr).toContain(`advisories sync: PyPI: failed: the advisory source answered 500 for ${server.url}/PyPI/modified_id.csv\n`);
      expect(failed.stdout).toBe(
        `PyPI: failed (the advisory source answered 500 for ${server.url}/PyPI/modified_id.csv); 100 records kept, 0 written before the failure\n` +
          'synchronized 0 of 1 ecosystems: 0 records written in ' +
          failed.stdout.split('records written in ')[1],
      );
      expect(failed.code).toBe(1);
    } finally {
      server.failWith(undefined);
    }
  });

  it('refuses an ecosystem name that is no OSV ecosystem, before opening anything', async () => {
    const refused = await run('--ecosystem', '../etc');
    expect([refused.code, refused.stderr]).toEqual([2, 'sentinel advisories sync: --ecosystem must be an OSV ecosystem name such as Debian, npm or crates.io, got "../etc"\n']);
  });
});
