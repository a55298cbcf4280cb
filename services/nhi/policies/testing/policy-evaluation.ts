// Test-only: the collection pipeline with the policies' hook, and the evaluation
// worker beside it, as a deployment runs them (the processor queues an evaluation when
// it applied a run; the workers role runs it). Nothing of ours is mocked.
import { afterAll, beforeAll } from 'vitest';
import type { Profile, TestApp, TestTenant } from '../../../../test/support/test-app.js';
import type { Worker } from '../../../platform/jobs.js';
import { createLogger } from '../../../platform/logger.js';
import { registerWorker, type WorkerRegistry } from '../../../platform/worker-registry.js';
import type { Collector } from '../../collection/index.js';
import type { SynchronizationRun } from '../../collection/runs.js';
import { requestRun } from '../../collection/testing/api-fixtures.js';
import { useCollectionPipeline, type CollectionPipelineOptions } from '../../collection/testing/collection-pipeline.js';
import { evaluateAfterSynchronization } from '../evaluation-queue.js';
import { createPolicyEvaluationWorker } from '../workers/evaluation-worker.js';

export interface EvaluatedRun {
  run: SynchronizationRun;
  /** The policy.evaluated record's detail of the evaluation that followed the run. */
  evaluation: { trigger: string; runId: string; policies: Record<string, { enabled: boolean; holding: number; opened: number; reopened: number; resolved: number }> };
}

export interface PolicyPipeline {
  /** The deployment's entry for the tenant's credentials reference: the value given, or a random token. */
  holdCredentials(tenant: TestTenant, reference: string, value?: string): Promise<void>;
  /** Requests a run through the API and waits until the evaluation it queued recorded policy.evaluated. */
  synchronizeAndEvaluate(tenant: TestTenant, connectorId: string): Promise<EvaluatedRun>;
  /** Waits for the next evaluation after `afterSequence` in the tenant's chain (one queued by a settings or approval change). */
  evaluationAfter(tenant: TestTenant, afterSequence: number): Promise<EvaluatedRun['evaluation']>;
  /** The tenant's last audit sequence. */
  lastSequence(tenant: TestTenant): Promise<number>;
}

export function usePolicyPipeline(
  app: { readonly current: TestApp },
  profile: Profile,
  collectors: Collector[],
  options: Omit<CollectionPipelineOptions, 'afterRunApplied'> = {},
): { readonly current: PolicyPipeline } {
  const pipeline = useCollectionPipeline(app, profile, collectors, { ...options, afterRunApplied: evaluateAfterSynchronization });
  let registration: WorkerRegistry | undefined;
  let worker: Worker | undefined;

  beforeAll(async () => {
    const logger = createLogger('silent');
    registration = await registerWorker({ db: app.current.db, logger, role: 'workers' });
    registration.start();
    worker = createPolicyEvaluationWorker({ db: app.current.db, logger, worker: registration, now: () => new Date(), pollIntervalMs: 20 });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await registration?.stop();
  });

  async function evaluationRecord(tenant: TestTenant, condition: string, value: unknown): Promise<EvaluatedRun['evaluation']> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await app.current.db.query<{ detail: EvaluatedRun['evaluation'] }>(
        `SELECT detail FROM nhi_audit_records WHERE org_id = $1 AND action = 'policy.evaluated' AND ${condition} ORDER BY sequence LIMIT 1`,
        [tenant.id, value],
      );
      if (found.rows[0] !== undefined) return found.rows[0].detail;
      if (Date.now() > deadline) throw new Error(`no policy.evaluated record (${condition}, ${String(value)}) after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const current: PolicyPipeline = {
    holdCredentials: (tenant, reference, value) => pipeline.current.holdCredentials(tenant, reference, value),
    async synchronizeAndEvaluate(tenant, connectorId) {
      const queued = await requestRun(app.current, tenant.owner, connectorId);
      const run = await pipeline.current.runApplied(tenant, connectorId, queued.id);
      return { run, evaluation: await evaluationRecord(tenant, 'correlation_id = $2', run.id) };
    },
    evaluationAfter: (tenant, afterSequence) => evaluationRecord(tenant, 'sequence > $2', afterSequence),
    async lastSequence(tenant) {
      const found = await app.current.db.query<{ n: string | number | null }>('SELECT max(sequence) AS n FROM nhi_audit_records WHERE org_id = $1', [tenant.id]);
      return Number(found.rows[0]?.n ?? 0);
    },
  };
  return { current };
}
