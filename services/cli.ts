// Entry point of the `sentinel` command (bin/sentinel.js). services/cli-commands.ts
// reads the command line: no argument, `--help` or `help` prints every command,
// `<command> --help` its usage, and a mistake exits 2 naming it, all before anything
// else is loaded. The service roles (`all`, `api`, `streams`, `workers`, `migrate`)
// parse configuration once, compose the platform, start and shut down gracefully on
// SIGTERM/SIGINT (in-flight requests, batches and jobs finish). `gate` is the CI
// client (services/gate) and needs none of that; `org plan`, `set-aside` and
// `analytics rebuild` open the deployment as configured, as a role does; `audit
// verify` reads a file offline (services/audit-command.ts).
import { isUuid } from './platform/ids.js';
import { readFileSync } from 'node:fs';
import type { Platform } from './composition.js';
import type { ResolvedKeys } from './platform/crypto/data-dir-keys.js';
import type { Logger } from './platform/logger.js';
import type { RunningRole } from './roles.js';
import type { SetAsideCommand } from './set-aside-command.js';
import { parseCommandLine, type CommandName } from './cli-commands.js';

const output = { stdout: (text: string) => void process.stdout.write(text), stderr: (text: string) => void process.stderr.write(text) };

/** The exit code of a command-line mistake, after saying what it is. */
function mistake(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const line = parseCommandLine(argv);
  switch (line.kind) {
    case 'help':
      process.stdout.write(`${line.text}\n`);
      return 0;
    case 'mistake':
      return mistake(line.message);
    case 'version': {
      const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
      process.stdout.write(`sentinel ${version} (Node.js ${process.version})\n`);
      return 0;
    }
  }
  const { command, options, operands } = line;
  switch (command) {
    case 'all':
    case 'api':
    case 'streams':
    case 'workers':
    case 'migrate':
      return runRole(command);
    case 'gate':
      return gate(line.argv);
    case 'audit verify': {
      const { runAuditCommand } = await import('./audit-command.js');
      return runAuditCommand(operands[0]!, output);
    }
    case 'analytics rebuild': {
      const org = options.org as string | undefined;
      if (org !== undefined && !isUuid(org)) return mistake(`sentinel analytics rebuild: --org must be an organization id (a UUID), got ${JSON.stringify(org)}`);
      return analyticsRebuild(org?.toLowerCase() ?? null);
    }
    case 'advisories sync':
      return advisoriesSync(options.ecosystem as string[] | undefined);
    case 'set-aside list':
      return setAside({ action: 'list', all: options.all === true, json: options.json === true });
    case 'set-aside replay':
      if ((options.all === true) === operands.length > 0) return mistake("sentinel set-aside replay: name the records' ids or --all, not both\nRun 'sentinel set-aside replay --help' for its usage.");
      return setAside({ action: 'replay', ids: options.all === true ? 'all' : operands });
    case 'org plan':
      return orgPlan(operands[0]!, operands[1]!);
  }
}

/**
 * The configuration with its keys (generated into DATA_DIR on an embedded first start),
 * or undefined after explaining on stderr what is wrong with it.
 */
async function configOrExplain(): Promise<ResolvedKeys | undefined> {
  const { ConfigError, parseConfig } = await import('./platform/config.js');
  const { KeyFileError, resolveServiceKeys } = await import('./platform/crypto/data-dir-keys.js');
  try {
    return resolveServiceKeys(parseConfig());
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof KeyFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return undefined;
  }
}

async function runRole(command: Extract<CommandName, 'all' | 'api' | 'streams' | 'workers' | 'migrate'>): Promise<number> {
  const resolved = await configOrExplain();
  if (!resolved) return 2;
  const { createPlatform } = await import('./composition.js');
  const { createLogger } = await import('./platform/logger.js');
  const { startApi, startStreams, startWorkers } = await import('./roles.js');
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
  const progress = (text: string) => void process.stderr.write(`sentinel: ${text}\n`);
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
    // The signal may already have come while the roles started: an abort event fires only once.
    if (command !== 'migrate' && !shutdownRequested.signal.aborted) await new Promise((resolve) => shutdownRequested.signal.addEventListener('abort', resolve, { once: true }));
  } catch (error) {
    if (!shutdownRequested.signal.aborted) throw error;
  }
  // The API stops first, so no new work arrives while the rest drains.
  return drain([...(api ? [api] : []), ...background.reverse()], platform, config.shutdownGraceMs, logger);
}

/**
 * Runs an operator command on the deployment as configured: its database (migrated
 * first, as a role would), stream log and analytics store. stdout carries the
 * command's answer; log lines go to stderr.
 */
async function withDeployment(role: string, work: (platform: Platform) => Promise<number>): Promise<number> {
  const config = (await configOrExplain())?.config;
  if (!config) return 2;
  const { createPlatform } = await import('./composition.js');
  const { createLogger } = await import('./platform/logger.js');
  const platform = await createPlatform(config, createLogger(config.logLevel, { role }, process.stderr));
  try {
    await platform.prepare(new AbortController().signal);
    return await work(platform);
  } finally {
    await platform.close();
  }
}

/** `sentinel set-aside list|replay`. */
async function setAside(command: SetAsideCommand): Promise<number> {
  const { runSetAsideCommand } = await import('./set-aside-command.js');
  return withDeployment('set-aside', (platform) => runSetAsideCommand(command, platform, output));
}

/**
 * `sentinel analytics rebuild [--org <id>]`: re-records the findings analytics from the
 * timeline into the deployment's analytics store (ClickHouse in the full profile, the
 * same SQL database in the embedded one). Progress lines go to stderr, the summary to stdout.
 */
async function analyticsRebuild(orgId: string | null): Promise<number> {
  const { rebuildAnalytics, UnknownOrganizationError } = await import('./analytics/index.js');
  const { systemScope } = await import('./platform/tenancy.js');
  return withDeployment('analytics', async (platform) => {
    const progress = (text: string) => void process.stderr.write(`analytics rebuild: ${text}\n`);
    try {
      const summary = await rebuildAnalytics({ db: platform.db, analytics: platform.analytics, scope: systemScope('rebuild-analytics'), progress }, orgId);
      process.stdout.write(`rebuilt ${summary.transitions} finding transitions of ${summary.organizations} organizations in ${(summary.elapsedMs / 1000).toFixed(1)} s\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof UnknownOrganizationError)) throw error;
      process.stderr.write(`analytics rebuild: ${error.message}\n`);
      return 1;
    }
  });
}

/** `sentinel advisories sync [--ecosystem X]...`: the synchronization in this process; an ecosystem name is checked as configuration checks ADVISORY_ECOSYSTEMS. */
async function advisoriesSync(ecosystems: string[] | undefined): Promise<number> {
  const { runAdvisorySyncCommand } = await import('./advisories/index.js');
  const { ADVISORY_ECOSYSTEM_PATTERN } = await import('./platform/config.js');
  const refused = ecosystems?.find((name) => !ADVISORY_ECOSYSTEM_PATTERN.test(name));
  if (refused !== undefined) return mistake(`sentinel advisories sync: --ecosystem must be an OSV ecosystem name such as Debian, npm or crates.io, got ${JSON.stringify(refused)}`);
  return withDeployment('advisories', async (platform) => {
    // SIGINT or SIGTERM stops the run after the record in hand; its committed batches stay and the next run resumes.
    const stopping = new AbortController();
    const stop = () => stopping.abort(new Error('interrupted'));
    process.once('SIGINT', stop).once('SIGTERM', stop);
    try {
      return await runAdvisorySyncCommand(
        { db: platform.db, logger: platform.logger, source: platform.config.advisorySource, ecosystems: ecosystems ?? platform.config.advisoryEcosystems, signal: stopping.signal },
        output,
      );
    } catch (error) {
      if (!stopping.signal.aborted) throw error;
      process.stderr.write('advisories sync: interrupted; the next run resumes after the last committed batch\n');
      return 130;
    } finally {
      process.off('SIGINT', stop).off('SIGTERM', stop);
    }
  });
}

/** `sentinel org plan <organization id> <plan code>`: 0 when moved or already there, 2 for an unknown organization or plan. */
async function orgPlan(organizationId: string, planCode: string): Promise<number> {
  const { changeOrganizationPlan } = await import('./organizations/index.js');
  const { systemScope } = await import('./platform/tenancy.js');
  return withDeployment('org-plan', async (platform) => {
    const change = await changeOrganizationPlan(platform.db, systemScope('change-organization-plan'), organizationId, planCode);
    const seats = (plan: { seats: number | null }) => (plan.seats === null ? 'unlimited seats' : `${plan.seats} seats`);
    switch (change.outcome) {
      case 'unknown_organization':
        return mistake(`sentinel org plan: no organization ${organizationId}`);
      case 'unknown_plan':
        return mistake(`sentinel org plan: no plan ${JSON.stringify(planCode)}; the plans are ${change.plans.map((plan) => `${plan.code} (${seats(plan)})`).join(', ')}`);
      case 'unchanged':
        process.stdout.write(`organization ${organizationId} (${change.name}) is on plan ${change.plan.code} already (${seats(change.plan)}, ${change.held} held)\n`);
        return 0;
      case 'changed': {
        const { to, held } = change;
        const over = to.seats !== null && held > to.seats ? `; it holds ${held}, so it admits nobody new until ${held - to.seats} are freed` : `; ${held} held`;
        process.stdout.write(`organization ${organizationId} (${change.name}) moved from plan ${change.from.code} (${seats(change.from)}) to ${to.code} (${seats(to)})${over}\n`);
        return 0;
      }
    }
  });
}

async function gate(argv: string[]): Promise<number> {
  const { runGate, GATE_ERROR } = await import('./gate/gate.js');
  const { GateUsageError, gateUsage, parseGateOptions } = await import('./gate/gate-options.js');
  const { gateEnvironment } = await import('./platform/config.js');
  let options;
  try {
    options = parseGateOptions(argv, gateEnvironment());
  } catch (error) {
    if (!(error instanceof GateUsageError)) throw error;
    process.stderr.write(`gate error: ${error.message}\n\n${gateUsage}\n`);
    return GATE_ERROR;
  }
  return runGate(options, output);
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
