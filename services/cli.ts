// Entry point: `sentinel <all|api|streams|workers|migrate>` runs the service:
// parses configuration once, composes the platform, starts the chosen roles and
// shuts down gracefully on SIGTERM/SIGINT (in-flight requests, batches and jobs finish).
// `sentinel gate` is the CI client (services/gate) and needs none of that;
// `sentinel set-aside` lists and replays records the stream processors set aside;
// `sentinel audit verify <file>` checks an NHI audit evidence package offline (services/audit-command.ts);
// `sentinel --version` prints this package's version and the Node.js it runs on.
import { readFileSync } from 'node:fs';
import { createPlatform, type Platform } from './composition.js';
import { ConfigError, gateEnvironment, parseConfig } from './platform/config.js';
import { KeyFileError, resolveServiceKeys, type ResolvedKeys } from './platform/crypto/data-dir-keys.js';
import { createLogger, type Logger } from './platform/logger.js';
import { startApi, startStreams, startWorkers, type RunningRole } from './roles.js';
import { runGate, GATE_ERROR } from './gate/gate.js';
import { GateUsageError, gateUsage, parseGateOptions } from './gate/gate-options.js';
import { parseSetAsideCommand, runSetAsideCommand, setAsideUsage } from './set-aside-command.js';
import { runAuditCommand } from './audit-command.js';

const usage = 'usage: sentinel <all|api|streams|workers|migrate|gate|set-aside|audit|--version>';

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'all';
  if (command === 'gate') return gate(argv.slice(1));
  if (command === 'set-aside') return setAside(argv.slice(1));
  // Offline: it reads a file and needs no configuration or database.
  if (command === 'audit') return runAuditCommand(argv.slice(1), { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
  if (command === '--version' || command === 'version') {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`sentinel ${version} (Node.js ${process.version})\n`);
    return 0;
  }
  if (!['all', 'api', 'streams', 'workers', 'migrate'].includes(command)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const resolved = configOrExplain();
  if (!resolved) return 2;
  const { config } = resolved;
  const logger = createLogger(config.logLevel, { role: command });
  if (resolved.generated.length > 0) {
    logger.info({ files: resolved.generated }, 'keys generated at first start; they stay in DATA_DIR/keys (production requires TOKEN_SIGNING_KEY and WEBHOOK_SECRET_KEY)');
  }
  if (resolved.generatedForExistingData) {
    logger.warn(
      { data_dir: config.dataDir },
      'keys generated for a data directory made with the retired built-in key: access tokens and cursors issued before are refused (sessions go on through a refresh); webhook endpoints created before sign nothing until their secret is rotated (POST /api/v1/webhooks/{id}/rotate), and their deliveries wait until then',
    );
  }
  const progress = (line: string) => void process.stderr.write(`sentinel: ${line}\n`);
  const platform = await createPlatform(config, logger, progress);

  // A signal may come at any point, also while start-up waits for a dependency. It
  // often comes twice: npm passes on to its script the SIGTERM or SIGINT its process
  // group already received. A repeat therefore must not end the process half-drained
  // (the default action once a handler is gone): the drain is bounded by
  // SHUTDOWN_GRACE_MS anyway, and SIGKILL remains for an operator who cannot wait.
  const shutdownRequested = new AbortController();
  const requestShutdown = (signal: string) => {
    if (shutdownRequested.signal.aborted) return;
    logger.info({ signal }, 'shutting down');
    shutdownRequested.abort(new Error(`${signal} received`));
  };
  process.on('SIGTERM', () => requestShutdown('SIGTERM'));
  process.on('SIGINT', () => requestShutdown('SIGINT'));

  let api: RunningRole | undefined;
  const background: RunningRole[] = [];
  try {
    if (command === 'all' || command === 'api') {
      // Listening before the dependencies are there: /health answers and /ready says 503 meanwhile.
      const listening = await startApi(platform);
      api = listening;
      logger.info({ address: listening.address }, `listening on ${listening.address}`);
      progress(`listening on ${listening.address}`);
    }
    await platform.prepare(shutdownRequested.signal);
    if (command === 'all' || command === 'streams') background.push(await startStreams(platform));
    if (command === 'all' || command === 'workers') background.push(await startWorkers(platform));
    if (command !== 'migrate') await new Promise((resolve) => shutdownRequested.signal.addEventListener('abort', resolve, { once: true }));
  } catch (error) {
    if (!shutdownRequested.signal.aborted) throw error;
  }
  // The API stops first, so no new work arrives while the rest drains.
  return drain([...(api ? [api] : []), ...background.reverse()], platform, config.shutdownGraceMs, logger);
}

/**
 * The configuration with its keys (generated into DATA_DIR on an embedded first start),
 * or undefined after explaining on stderr what is wrong with it.
 */
function configOrExplain(): ResolvedKeys | undefined {
  try {
    return resolveServiceKeys(parseConfig());
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof KeyFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

/** `sentinel set-aside list|replay`: opens the deployment's database and stream log as configured, like a role. */
async function setAside(argv: string[]): Promise<number> {
  const command = parseSetAsideCommand(argv);
  if (!command) {
    process.stderr.write(`${setAsideUsage}\n`);
    return 2;
  }
  const config = configOrExplain()?.config;
  if (!config) return 2;
  // stdout carries the command's answer; log lines go to stderr.
  const platform = await createPlatform(config, createLogger(config.logLevel, { role: 'set-aside' }, process.stderr));
  try {
    await platform.prepare(new AbortController().signal);
    return await runSetAsideCommand(command, platform, { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
  } finally {
    await platform.close();
  }
}

async function gate(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${gateUsage}\n`);
    return 0;
  }
  let options;
  try {
    options = parseGateOptions(argv, gateEnvironment());
  } catch (error) {
    if (!(error instanceof GateUsageError)) throw error;
    process.stderr.write(`gate error: ${error.message}\n\n${gateUsage}\n`);
    return GATE_ERROR;
  }
  return runGate(options, { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
}

/** Stops the roles in order, letting in-flight requests, batches and jobs finish, then closes the platform. 1 if that takes longer than the grace time. */
async function drain(running: RunningRole[], platform: Platform, graceMs: number, logger: Logger): Promise<number> {
  const drained = (async () => {
    for (const role of running) await role.stop();
    await platform.close();
    return 0;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      resolve(1);
    }, graceMs);
  });
  return Promise.race([drained, timedOut]).finally(() => clearTimeout(timer));
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`sentinel failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
