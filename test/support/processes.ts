// Sentinel as a child process, started the way `npm start` starts it (bin/sentinel.js),
// for the suites that need a real process: signals, exit codes, restarts, locks. And bash
// scripts, for the suite that runs the README's commands (`npm start` among them) as written.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// Processes a failed test left running are killed, not orphaned: by stopStragglers() in
// afterAll (before their data directories are removed) or, at the latest, when the test worker exits.
// Each maps to how it is killed: the child alone, or the process group a script leads.
const running = new Map<ChildProcess, () => void>();
process.once('exit', () => {
  for (const kill of running.values()) kill();
});

/** Kills every process of this test file that is still running and waits for each to end. */
export async function stopStragglers(): Promise<void> {
  await Promise.all(
    [...running].map(([child, kill]) => {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      kill();
      return ended;
    }),
  );
}

export interface SentinelProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<PORT> */
  base: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Started services never reach OSV's public bucket (the network is not there): their workers do not synchronize advisories unless a test says so. */
const noAdvisorySchedule = { ADVISORY_SYNC_INTERVAL_MS: '0' };

const deploymentKeys = { TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'), WEBHOOK_SECRET_KEY: randomBytes(32).toString('hex') };

/**
 * Starts `sentinel <role>` with only PATH, HOME and the given variables in its
 * environment, so nothing of the developer's shell leaks in. PORT is chosen when
 * not given.
 */
export async function spawnSentinel(env: Record<string, string>, role = 'all'): Promise<SentinelProcess> {
  const port = env.PORT ?? String(await freePort());
  // Without a DATA_DIR of its own it would keep generated keys in the checkout's data/: it gets keys instead,
  // the same for every process of the test file, as the roles of one deployment share theirs.
  const keys = env.DATA_DIR === undefined ? deploymentKeys : {};
  const child = spawn(process.execPath, ['bin/sentinel.js', role], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...noAdvisorySchedule, ...keys, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child, port, () => child.kill('SIGKILL'));
}

/**
 * Runs a bash script from the repository root, with only PATH, HOME and the given variables in
 * its environment, as the leader of a process group of its own: signalGroup() then reaches every
 * process it started, in the background (a README block's `&`) or through npm. PORT is chosen
 * when not given; `base` names it, for a script that starts Sentinel.
 */
export async function spawnScript(script: string, env: Record<string, string>): Promise<SentinelProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn('bash', ['-c', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...noAdvisorySchedule, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return track(child, port, () => signalGroup(child, 'SIGKILL'));
}

/** Whether any process of the group the child leads is still running. */
export function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Sends the signal to the process group the child leads; a group already gone is no error. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function track(child: ChildProcess, port: string, kill: () => void): SentinelProcess {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.set(child, kill);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls the path until it answers the status; fails with the process output if it exits or the deadline passes. */
export async function untilAnswers(sentinel: SentinelProcess, urlPath: string, status: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (sentinel.child.exitCode !== null) throw new Error(`sentinel exited with ${sentinel.child.exitCode} before ${urlPath} answered ${status}:\n${sentinel.output()}`);
    const answered = await fetch(`${sentinel.base}${urlPath}`).then((response) => response.status === status, () => false);
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${urlPath} did not answer ${status} within ${timeoutMs} ms:\n${sentinel.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts sentinel and waits until /ready answers 200. */
export async function startReady(env: Record<string, string>, role = 'all'): Promise<SentinelProcess> {
  const sentinel = await spawnSentinel(env, role);
  await untilAnswers(sentinel, '/ready', 200);
  return sentinel;
}

/** SIGTERM, then the exit code. */
export async function stop(sentinel: SentinelProcess): Promise<number | null> {
  sentinel.child.kill('SIGTERM');
  return sentinel.exited;
}

/** Runs a one-shot `sentinel <args...>` (a command, not a role) to its end, from the checkout unless told: its exit code and what it wrote. */
export async function runSentinel(args: string[], env: Record<string, string>, cwd = repoRoot): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/sentinel.js'), ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.set(child, () => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  running.delete(child);
  return { code, stdout, stderr };
}
