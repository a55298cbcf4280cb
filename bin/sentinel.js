#!/usr/bin/env node
// The `sentinel` command (package.json "bin"): loads TypeScript through tsx, as
// `node --import tsx` does, and runs services/cli.ts with the same arguments.
//
// Sentinel runs on Node.js 24 (package.json "engines"). `npm ci` installs that Node
// into node_modules (the `node` package, a production dependency), and npm scripts
// find it first on PATH. Started by an older Node instead (`node bin/sentinel.js gate`
// in a pipeline whose node is 20, or `sentinel` linked onto PATH by `npm link`), the
// command runs itself again on the installed Node 24 and passes its exit code on.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED_MAJOR = 24;

// The service's roles say what they are doing from the first second: compiling the
// sources takes a few seconds before services/cli.ts can say anything itself. A role
// takes no argument: one after it (`sentinel all --help`, a mistake) starts nothing.
const SERVICE_COMMANDS = new Set(['all', 'api', 'streams', 'workers', 'migrate']);
const startsRole = SERVICE_COMMANDS.has(process.argv[2]) && process.argv.length === 3;

if (Number(process.versions.node.split('.')[0]) >= REQUIRED_MAJOR) {
  if (startsRole) process.stderr.write(`sentinel: loading (Node.js ${process.version})\n`);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../services/cli.ts');
} else {
  runOnInstalledNode();
}

/** The Node of the `node` package in this checkout's node_modules, if it is installed and is not this one. */
function installedNode() {
  try {
    const binary = path.join(path.dirname(createRequire(import.meta.url).resolve('node/package.json')), 'bin', 'node');
    return realpathSync(binary) === realpathSync(process.execPath) ? undefined : binary;
  } catch {
    return undefined;
  }
}

function runOnInstalledNode() {
  const binary = installedNode();
  if (!binary) {
    const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    process.stderr.write(
      `sentinel needs Node.js ${REQUIRED_MAJOR} or later and this is ${process.version}: run \`npm ci\` in ${checkout}` +
        ` (it installs Node.js ${REQUIRED_MAJOR} into node_modules) or start sentinel with Node.js ${REQUIRED_MAJOR}.\n`,
    );
    process.exit(2);
  }
  const child = spawn(binary, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  // SIGINT and SIGHUP from a terminal reach the whole process group, the child
  // included, so they are not sent again (a second SIGINT would cut its graceful
  // shutdown short); SIGTERM from `kill`, a process manager or timeout(1) reaches
  // only this process and is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGHUP', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.once('error', (error) => {
    process.stderr.write(`sentinel could not start ${binary}: ${error.message}\n`);
    process.exit(2);
  });
  child.once('exit', (code, signal) => {
    if (signal) {
      // End the way the child ended, so a caller sees the same signal.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}
