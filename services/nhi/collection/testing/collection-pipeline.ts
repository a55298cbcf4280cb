// Test-only: the collection pipeline behind a test app, on the findings pipeline's
// log (Kafka with the schema registry for the postgres profile, the embedded log
// otherwise): the synchronization worker with the test's collectors and a
// credentials directory of its own, and the inventory processor in a consumer group
// of its own. Nothing of ours is mocked.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startPipeline, type TestPipeline } from '../../../../test/support/pipeline.js';
import type { Profile, TestApp, TestTenant } from '../../../../test/support/test-app.js';
import type { Worker } from '../../../platform/jobs.js';
import { createLogger } from '../../../platform/logger.js';
import type { Subscription } from '../../../../streams/log/stream-log.js';
import { registerWorker, type WorkerRegistry } from '../../../platform/worker-registry.js';
import type { SynchronizationSessionDeps } from '../../connectors/index.js';
import type { Collector } from '../collector.js';
import { createCollectorRegistry } from '../collectors.js';
import { inventoryProcessor, type RunAppliedHook } from '../processors/inventory-processor.js';
import type { SynchronizationRun } from '../runs.js';
import { createSynchronizationWorker } from '../workers/synchronization-worker.js';

export interface CollectionPipeline {
  /** Writes the deployment's entry for the tenant's credentials reference: the value given, or a random token. */
  holdCredentials(tenant: TestTenant, reference: string, value?: string): Promise<void>;
  /** GET the run until the inventory applied it (every final run is applied), as the tenant's owner. */
  runApplied(tenant: TestTenant, connectorId: string, runId: string): Promise<SynchronizationRun>;
  /** GET the run until it is in the state. */
  runInState(tenant: TestTenant, connectorId: string, runId: string, state: SynchronizationRun['state']): Promise<SynchronizationRun>;
}

export interface CollectionPipelineOptions {
  /** The egress policy and trusted CA of the runs' sessions: nothing is reachable unless given (collectors that call real peers on loopback). */
  session?: Pick<SynchronizationSessionDeps, 'egress' | 'trustedCaPem'>;
  /** What the processor calls when it applied a run's end (the composition root gives the policies' evaluation). */
  afterRunApplied?: RunAppliedHook;
  /** The synchronization worker's clock: when what a run collects is observed (an identity first seen long ago). */
  clock?: () => Date;
}

export function useCollectionPipeline(
  app: { readonly current: TestApp },
  profile: Profile,
  collectors: Collector[],
  options: CollectionPipelineOptions = {},
): { readonly current: CollectionPipeline } {
  let pipeline: TestPipeline | undefined;
  let registration: WorkerRegistry | undefined;
  let worker: Worker | undefined;
  let subscription: Subscription | undefined;
  let credentialsDirectory = '';
  const logger = createLogger('silent');

  beforeAll(async () => {
    const db = app.current.db;
    credentialsDirectory = await mkdtemp(path.join(tmpdir(), 'sentinel-connector-credentials-'));
    pipeline = await startPipeline(app.current, profile);
    const processor = inventoryProcessor({ db, afterRunApplied: options.afterRunApplied });
    subscription = await pipeline.log.subscribe({ ...processor, group: `sentinel-test-${randomBytes(5).toString('hex')}.${processor.group}` });
    registration = await registerWorker({ db, logger, role: 'workers' });
    registration.start();
    worker = createSynchronizationWorker({
      db,
      logger,
      worker: registration,
      collectors: createCollectorRegistry(collectors),
      session: { credentialsDirectory, egress: options.session?.egress ?? { allowedHosts: [], allowPrivate: false }, trustedCaPem: options.session?.trustedCaPem },
      pollIntervalMs: 20,
      now: options.clock,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await registration?.stop();
    await subscription?.stop();
    await pipeline?.stop();
    await rm(credentialsDirectory, { recursive: true, force: true });
  });

  async function runUntil(tenant: TestTenant, connectorId: string, runId: string, reached: (run: SynchronizationRun) => boolean, what: string): Promise<SynchronizationRun> {
    const timeoutMs = 60_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await app.current.call('GET', `/nhi/api/v1/connectors/${connectorId}/synchronizations/${runId}`, { token: tenant.owner.token });
      if (response.status !== 200) throw new Error(`GET run answered ${response.status}: ${response.raw}`);
      const run: SynchronizationRun = response.body;
      if (reached(run)) return run;
      if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.state}, not ${what}, after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const current: CollectionPipeline = {
    async holdCredentials(tenant, reference, value) {
      await mkdir(path.join(credentialsDirectory, tenant.id), { recursive: true });
      await writeFile(path.join(credentialsDirectory, tenant.id, reference), value ?? `token-${randomBytes(8).toString('hex')}`);
    },
    runApplied: (tenant, connectorId, runId) => runUntil(tenant, connectorId, runId, (run) => run.appliedAt !== null, 'applied'),
    runInState: (tenant, connectorId, runId, state) => runUntil(tenant, connectorId, runId, (run) => run.state === state, state),
  };
  return { current };
}
