// The `sentinel` command line as people guess it, spawned as they run it: from an
// empty directory, DATA_DIR unset, the configured database a fresh and empty
// PostgreSQL database, and PORT a port this test holds (a process that tried to
// listen would fail on it). No argument, `--help` and every command's `--help` print
// their text and exit 0 having started, migrated and written nothing; a mistake
// exits 2 naming it, having done nothing either. The README's list is the help's.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { overview } from '../services/cli-commands.js';
import { runAsAdmin } from './support/postgres-admin.js';
import { runSentinel, stopStragglers } from './support/processes.js';
import { databaseUrl } from './support/services.js';

// Each request is a process of its own; a few at a time, on a loaded machine.
const PARALLEL = 4;
// Loading the command takes a second or two; a role that started would not end by itself.
const PROMPTLY_MS = 20_000;

describe('the sentinel command line', { timeout: 300_000 }, () => {
  let cwd: string;
  let emptyDatabaseUrl: string;
  let heldPort: Server;
  let port: number;

  beforeAll(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'sentinel-cli-'));
    // Named like the run's other databases, which are dropped when the run ends.
    const name = `${inject('templateDatabase').replace(/template$/, '')}t_cli_${randomBytes(6).toString('hex')}`;
    await runAsAdmin(`CREATE DATABASE ${name}`);
    emptyDatabaseUrl = databaseUrl(name);
    heldPort = createServer();
    await new Promise<void>((resolve) => heldPort.listen(0, '127.0.0.1', resolve));
    port = (heldPort.address() as { port: number }).port;
  });
  afterAll(async () => {
    await stopStragglers();
    await new Promise((resolve) => heldPort?.close(resolve));
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  const environments = () => ({
    // The full profile's database: a command that migrated would leave tables in it.
    postgres: { DATABASE_URL: emptyDatabaseUrl, PORT: String(port), NODE_ENV: 'development' },
    // The embedded profile: a command that started would make ./data in the empty directory.
    embedded: { PORT: String(port), NODE_ENV: 'development' },
  });

  async function run(args: string[], env: Record<string, string>) {
    const started = Date.now();
    const result = await runSentinel(args, env, cwd);
    return { ...result, elapsedMs: Date.now() - started };
  }

  /** Runs every argument list, a few at a time, in both environments; answers the results in order. */
  async function runAll(requests: string[][]) {
    const jobs = requests.flatMap((args) => Object.entries(environments()).map(([profile, env]) => ({ args, profile, env })));
    const results: Array<Awaited<ReturnType<typeof run>> & { args: string[]; profile: string }> = [];
    for (let i = 0; i < jobs.length; i += PARALLEL) {
      const batch = jobs.slice(i, i + PARALLEL);
      results.push(...(await Promise.all(batch.map(async (job) => ({ ...(await run(job.args, job.env)), args: job.args, profile: job.profile })))));
    }
    return results;
  }

  /** Nothing was left behind: no file in the directory the commands ran in, no table in the database they were given. */
  async function expectNothingDone() {
    expect(await readdir(cwd)).toEqual([]);
    const client = new pg.Client({ connectionString: emptyDatabaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')");
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  }

  it('prints every command, one line each, for no argument, --help, -h and help, and does nothing else', async () => {
    const results = await runAll([[], ['--help'], ['-h'], ['help']]);
    for (const result of results) {
      const label = `sentinel ${result.args.join(' ')} (${result.profile})`;
      expect([result.code, result.stdout, result.stderr], label).toEqual([0, `${overview}\n`, '']);
      expect(result.elapsedMs, label).toBeLessThan(PROMPTLY_MS);
    }
    for (const command of ['all', 'api', 'streams', 'workers', 'migrate', 'gate', 'org plan', 'set-aside list', 'set-aside replay', 'analytics rebuild', 'audit verify']) {
      expect(overview).toMatch(new RegExp(`^  ${command} +\\S.*$`, 'm'));
    }
    await expectNothingDone();
  });

  it('prints each command\'s usage, with its options and environment, for --help after it, and does nothing else', async () => {
    const requests: Array<{ args: string[]; usage: string; environment: boolean }> = [
      ...['all', 'api', 'streams', 'workers', 'migrate'].map((role) => ({ args: [role, '--help'], usage: `usage: sentinel ${role}\n`, environment: true })),
      { args: ['migrate', '-h'], usage: 'usage: sentinel migrate\n', environment: true },
      { args: ['gate', '--help'], usage: 'usage: sentinel gate --image <reference> [options]\n', environment: false },
      { args: ['gate', '--image', 'x', '--help'], usage: 'usage: sentinel gate --image <reference> [options]\n', environment: false },
      { args: ['org', 'plan', '--help'], usage: 'usage: sentinel org plan <organization id> <plan code>\n', environment: true },
      { args: ['org', 'plan', 'acme', 'free', '--help'], usage: 'usage: sentinel org plan <organization id> <plan code>\n', environment: true },
      { args: ['org', '--help'], usage: 'usage: sentinel org plan <organization id> <plan code>\n', environment: true },
      { args: ['help', 'org', 'plan'], usage: 'usage: sentinel org plan <organization id> <plan code>\n', environment: true },
      { args: ['set-aside', 'list', '--help'], usage: 'usage: sentinel set-aside list [--all] [--json]\n', environment: true },
      { args: ['set-aside', 'replay', '--help'], usage: 'usage: sentinel set-aside replay <id>...\n', environment: true },
      { args: ['set-aside', '--help'], usage: 'usage: sentinel set-aside list [--all] [--json]\n', environment: true },
      { args: ['analytics', 'rebuild', '--help'], usage: 'usage: sentinel analytics rebuild [--org <organization id>]\n', environment: true },
      { args: ['analytics', '--help'], usage: 'usage: sentinel analytics rebuild [--org <organization id>]\n', environment: true },
      { args: ['audit', 'verify', '--help'], usage: 'usage: sentinel audit verify <evidence-package.json>\n', environment: false },
      { args: ['audit', 'verify', 'package.json', '--help'], usage: 'usage: sentinel audit verify <evidence-package.json>\n', environment: false },
      { args: ['audit', '--help'], usage: 'usage: sentinel audit verify <evidence-package.json>\n', environment: false },
    ];
    const results = await runAll(requests.map((request) => request.args));
    for (const result of results) {
      const label = `sentinel ${result.args.join(' ')} (${result.profile})`;
      const request = requests.find((candidate) => candidate.args === result.args)!;
      expect([result.code, result.stderr], label).toEqual([0, '']);
      expect(result.stdout.startsWith(request.usage), `${label}:\n${result.stdout}`).toBe(true);
      expect(result.stdout, label).toMatch(/--help +prints this text/);
      if (request.environment) expect(result.stdout, label).toMatch(/^environment \(.*\):\n(?: {2}\S.*\n)* {2}DATA_DIR {12}embedded profile/m);
      expect(result.stdout, label).not.toContain('listening');
      expect(result.elapsedMs, label).toBeLessThan(PROMPTLY_MS);
    }
    // A group's --help shows every command of it.
    const setAside = results.find((result) => result.args.join(' ') === 'set-aside --help')!;
    expect(setAside.stdout).toContain('usage: sentinel set-aside replay <id>...');
    await expectNothingDone();
  });

  it('exits 2 naming an unknown command, an unknown option or a wrong argument, and does nothing else', async () => {
    const mistakes: Array<{ args: string[]; says: string }> = [
      { args: ['frob'], says: "sentinel: unknown command 'frob'" },
      { args: ['--frob'], says: "sentinel: unknown option '--frob'" },
      { args: ['all', '--frob'], says: "sentinel all: unknown option '--frob'" },
      { args: ['api', '--port', '9'], says: "sentinel api: unknown option '--port'" },
      { args: ['migrate', 'now'], says: "sentinel migrate: unexpected argument 'now'" },
      { args: ['set-aside', 'frob'], says: "sentinel set-aside: unknown command 'frob' (list, replay)" },
      { args: ['set-aside'], says: 'sentinel set-aside: needs a command (list, replay)' },
      { args: ['set-aside', 'list', '--al'], says: "sentinel set-aside list: unknown option '--al'" },
      { args: ['set-aside', 'replay'], says: "sentinel set-aside replay: name the records' ids or --all, not both" },
      { args: ['analytics', 'rebuild', '--org'], says: "sentinel analytics rebuild: option '--org <value>' argument missing" },
      { args: ['analytics', 'rebuild', '--org', 'acme'], says: 'sentinel analytics rebuild: --org must be an organization id (a UUID), got "acme"' },
      { args: ['org', 'plan', 'acme'], says: 'sentinel org plan: missing arguments: sentinel org plan <organization id> <plan code>' },
      { args: ['org', 'plan', 'a', 'b', 'c'], says: "sentinel org plan: unexpected argument 'c'" },
      { args: ['org', 'rename'], says: "sentinel org: unknown command 'rename' (plan)" },
      { args: ['audit', 'verify'], says: 'sentinel audit verify: missing arguments' },
      { args: ['audit', 'verify', '--json', 'package.json'], says: "sentinel audit verify: unknown option '--json'" },
      { args: ['gate', '--verbose'], says: 'gate error: unknown argument --verbose' },
      { args: ['help', 'frob'], says: "sentinel: unknown command 'frob'" },
      { args: ['--version', 'now'], says: "sentinel --version: unexpected argument 'now'" },
    ];
    const results = await runAll(mistakes.map((mistake) => mistake.args));
    for (const result of results) {
      const label = `sentinel ${result.args.join(' ')} (${result.profile})`;
      expect([result.code, result.stdout], label).toEqual([2, '']);
      expect(result.stderr, label).toContain(mistakes.find((mistake) => mistake.args === result.args)!.says);
      // Nothing was started, nor said to be.
      expect(result.stderr, label).not.toMatch(/loading|listening/);
    }
    await expectNothingDone();
  });

  it("lists in the README exactly the commands the help prints", async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = /`sentinel --help` prints:\n\n```text\n([\s\S]*?)```/.exec(readme);
    expect(block, 'README.md shows what `sentinel --help` prints').not.toBeNull();
    const printed = await runSentinel(['--help'], {}, cwd);
    expect(block![1]).toBe(printed.stdout);
  });
});
