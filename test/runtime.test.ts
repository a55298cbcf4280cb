// Sentinel runs on the Node.js pinned in package.json (the `node` package, which
// `npm ci` installs into node_modules): the suites themselves, the sentinel
// processes they start the way processes.ts does, and the command started by
// another, older Node that may be first on a machine's PATH.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
  dependencies: Record<string, string>;
};
const pinned = manifest.dependencies.node!;

const sentinelVersion = (node: string): string =>
  execFileSync(node, ['bin/sentinel.js', '--version'], { cwd: repoRoot, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });

/** A `node` on PATH outside any node_modules/.bin, i.e. the machine's own, when it is older than 24. */
function olderSystemNode(): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!directory || directory.endsWith(path.join('node_modules', '.bin'))) continue;
    const candidate = path.join(directory, 'node');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const major = Number(execFileSync(candidate, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim());
    return major < 24 ? candidate : undefined;
  }
  return undefined;
}

describe('the Node.js runtime', () => {
  it('is pinned to an exact 24.x release, and engines asks for 24', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(manifest.engines.node).toBe('>=24');
  });

  it('runs the suites (npm puts node_modules/.bin, with the pinned node, first on PATH)', () => {
    expect(process.version).toBe(`v${pinned}`);
  });

  it('runs a sentinel process started the way the suites start one', () => {
    expect(sentinelVersion(process.execPath)).toBe(`sentinel ${manifest.version} (Node.js v${pinned})\n`);
  });

  // The machines this project is built for (and CI) have Node 20 as their own Node, which is
  // the case this guards: `node bin/sentinel.js` typed on such a machine.
  it('runs the command again on the pinned Node when an older Node starts it', () => {
    const systemNode = olderSystemNode();
    if (!systemNode) throw new Error("this test needs the machine's own Node (older than 24) on PATH outside node_modules/.bin");
    expect(sentinelVersion(systemNode)).toBe(`sentinel ${manifest.version} (Node.js v${pinned})\n`);
  });
});
