import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Builds web/ into web/dist as `npm ci` does (the prepare script), so the browser tests and
 * benchmarks see the sources as they are now. Once per run: several files building at once
 * would overwrite each other's output.
 */
export async function buildDashboard(): Promise<void> {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  // Whatever NODE_ENV the caller has (vitest sets `test`), React's production build is what a deployment serves.
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`the dashboard's build failed:\n${output}`);
}
