// The three roles a process can play. `all` (the embedded default) runs every
// role in one process; the full profile can run each separately and scale it out.
// Each role takes its part of every module: handlers, processors or workers.
import type { Platform } from './composition.js';
import { createModules, handlersOf, processorsOf, workersOf } from './modules.js';
import { closeDueRefusalWindows } from './platform/audit/identity-trail.js';
import { buildApp } from './platform/http/app.js';
import { serveDashboard } from './platform/http/dashboard.js';
import { createIdempotency } from './platform/idempotency/idempotency.js';
import { createPeriodicWorker, type Worker } from './platform/jobs.js';
import { createOutboxRelay } from '../streams/outbox-relay.js';
import { systemScope } from './platform/tenancy.js';
import { registerWorker } from './platform/worker-registry.js';

export type Role = 'api' | 'streams' | 'workers';
export interface RunningRole {
  /** Stops taking new work, finishes what is in flight, then resolves. */
  stop(): Promise<void>;
}

// Answered while the platform is still being prepared: probes and the document need no dependency.
const operationsServedWhileStarting = new Set(['getHealth', 'getReady', 'getOpenApiDocument']);

/** Listens at once; until platform.prepare() has finished, only the probes and the document are served (others: 503). */
export async function startApi(platform: Platform): Promise<RunningRole & { address: string }> {
  const modules = createModules(platform);
  const app = await buildApp({
    logger: platform.logger,
    handlers: handlersOf(modules.list),
    guard: modules.guard,
    limiterState: modules.limiterState,
    errorDialects: modules.errorDialects,
    trustedProxies: platform.config.trustedProxies,
    isAvailable: (operationId) => platform.isPrepared() || operationsServedWhileStarting.has(operationId),
  });
  await serveDashboard(app.fastify, { logger: platform.logger });
  const address = await app.fastify.listen({ host: platform.config.host, port: platform.config.port });
  return { address, stop: () => app.fastify.close() };
}

/** The outbox relay and every module's stream processors, each a consumer group of its own. */
export async function startStreams(platform: Platform): Promise<RunningRole> {
  const relay = createOutboxRelay(systemScope('relay-outbox'), { db: platform.db, log: platform.streamLog, logger: platform.logger.child({ component: 'outbox-relay' }) });
  relay.start();
  const subscriptions = await Promise.all(processorsOf(createModules(platform).list).map((processor) => platform.streamLog.subscribe(processor)));
  return {
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await relay.stop();
    },
  };
}

/**
 * Every module's job workers and sweeps, and the platform's own housekeeping. Each
 * claims its work with FOR UPDATE SKIP LOCKED (or deletes by age), so any number of
 * worker processes can share the queue. The process registers first and heartbeats
 * while it runs, so the leases it holds when it dies are released within seconds.
 */
export async function startWorkers(platform: Platform): Promise<RunningRole> {
  const registry = await registerWorker({
    db: platform.db,
    logger: platform.logger,
    role: 'workers',
    // The embedded database is locked to this process: any worker registered before was a previous, dead, process.
    soleProcess: platform.db.kind === 'embedded',
  });
  registry.start();
  const workers = [...workersOf(createModules(platform).list, registry), idempotencyPruner(platform), refusalWindowCloser(platform)];
  for (const worker of workers) worker.start();
  return {
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
      await registry.stop();
    },
  };
}

/** Deletes expired idempotency records hourly: requests already treat them as absent, so this only reclaims storage. */
function idempotencyPruner({ db, logger }: Platform): Worker {
  const log = logger.child({ component: 'idempotency-pruner' });
  const idempotency = createIdempotency({ db, log });
  const scope = systemScope('prune-idempotency-records');
  return createPeriodicWorker({
    logger: log,
    intervalMs: 3_600_000,
    run: async () => {
      const pruned = await idempotency.pruneExpired(scope);
      if (pruned > 0) log.info({ pruned }, 'expired idempotency records deleted');
    },
  });
}

/**
 * Appends the count of each closed refusal window to its organization's trail, so a
 * key refused a hundred times and then never again still shows its count within a
 * minute of the window's close. A full batch means more are due: the next runs at once.
 */
function refusalWindowCloser({ db, logger }: Platform): Worker {
  const log = logger.child({ component: 'refusal-window-closer' });
  const scope = systemScope('close-refusal-windows');
  const batch = 500;
  return createPeriodicWorker({
    logger: log,
    intervalMs: 60_000,
    run: async () => {
      let closed: number;
      do closed = await closeDueRefusalWindows(db, scope, new Date(), batch);
      while (closed === batch);
    },
  });
}
