// Entry point: `sentinel <all|api|streams|workers|migrate>`.
// Parses configuration once, composes the platform, starts the chosen roles and
// shuts down gracefully on SIGTERM/SIGINT (in-flight requests, batches and jobs finish).
import { createPlatform } from './composition.js';
import { ConfigError, parseConfig } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { startApi, startStreams, startWorkers, type RunningRole } from './roles.js';

const usage = 'usage: sentinel <all|api|streams|workers|migrate>';

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'all';
  if (!['all', 'api', 'streams', 'workers', 'migrate'].includes(command)) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  let config;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const logger = createLogger(config.logLevel, { role: command });
  const platform = await createPlatform(config, logger);
  if (command === 'migrate') {
    await platform.close();
    return 0;
  }

  const running: RunningRole[] = [];
  if (command === 'all' || command === 'streams') running.push(await startStreams(platform));
  if (command === 'all' || command === 'workers') running.push(await startWorkers(platform));
  if (command === 'all' || command === 'api') {
    const api = await startApi(platform);
    running.push(api);
    logger.info({ address: api.address }, `listening on ${api.address}`);
    process.stderr.write(`Sentinel is listening on ${api.address}\n`);
  }

  return new Promise<number>((resolve) => {
    let stopping = false;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => {
        logger.error('graceful shutdown timed out');
        resolve(1);
      }, config.shutdownGraceMs);
      force.unref();
      // The API stops first so no new work arrives while the rest drains.
      for (const role of running.reverse()) await role.stop();
      await platform.close();
      clearTimeout(force);
      resolve(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`sentinel failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
