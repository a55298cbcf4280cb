// The three roles a process can play. `all` (the embedded default) runs every
// role in one process; the full profile can run each separately and scale it out.
import type { Platform } from './composition.js';
import { buildApp } from './http/app.js';
import { createGuard, createHandlers, createLimiterState } from './http/routes.js';
import { createOutboxRelay } from '../streams/outbox-relay.js';
import { createProcessors } from '../streams/processors/index.js';
import { createWorkers } from './workers.js';

export type Role = 'api' | 'streams' | 'workers';
export interface RunningRole {
  /** Stops taking new work, finishes what is in flight, then resolves. */
  stop(): Promise<void>;
}

// Answered while the platform is still being prepared: probes and the document need no dependency.
const operationsServedWhileStarting = new Set(['getHealth', 'getReady', 'getOpenApiDocument']);

/** Listens at once; until platform.prepare() has finished, only the probes and the document are served (others: 503). */
export async function startApi(platform: Platform): Promise<RunningRole & { address: string }> {
  const routeDependencies = { readiness: platform.readiness, db: platform.db, counters: platform.counters, config: platform.config };
  const app = await buildApp({
    logger: platform.logger,
    handlers: createHandlers(routeDependencies),
    guard: createGuard(routeDependencies),
    limiterState: createLimiterState(routeDependencies),
    trustedProxies: platform.config.trustedProxies,
    isAvailable: (operationId) => platform.isPrepared() || operationsServedWhileStarting.has(operationId),
  });
  const address = await app.fastify.listen({ host: platform.config.host, port: platform.config.port });
  return { address, stop: () => app.fastify.close() };
}

export async function startStreams(platform: Platform): Promise<RunningRole> {
  const relay = createOutboxRelay({ db: platform.db, log: platform.streamLog, logger: platform.logger.child({ component: 'outbox-relay' }) });
  relay.start();
  const subscriptions = await Promise.all(createProcessors(platform).map((start) => start(platform.streamLog)));
  return {
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await relay.stop();
    },
  };
}

export async function startWorkers(platform: Platform): Promise<RunningRole> {
  const workers = createWorkers(platform);
  for (const worker of workers) worker.start();
  return { stop: async () => void (await Promise.all(workers.map((w) => w.stop()))) };
}
