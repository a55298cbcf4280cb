// The workers role's side of evaluation-queue.ts: runs each queued evaluation.
import type { Database } from '../../../platform/db/database.js';
import { createWorker, type Job, type Worker } from '../../../platform/jobs.js';
import type { Logger } from '../../../platform/logger.js';
import type { WorkerRegistration } from '../../../platform/worker-registry.js';
import { evaluatePolicies } from '../evaluation.js';
import { POLICY_EVALUATION_JOB, QUEUED_TRIGGERS, type QueuedTrigger } from '../evaluation-queue.js';

export function createPolicyEvaluationWorker(deps: { db: Database; logger: Logger; worker: WorkerRegistration; now: () => Date; pollIntervalMs?: number }): Worker {
  return createWorker({
    db: deps.db,
    logger: deps.logger.child({ component: 'nhi-policy-evaluation' }),
    worker: deps.worker,
    kind: POLICY_EVALUATION_JOB,
    // Evaluations of one organization wait for each other anyway; two at once keeps a large one from holding up the rest.
    concurrency: 2,
    pollIntervalMs: deps.pollIntervalMs,
    handle: async (job: Job) => {
      const given = job.payload.trigger;
      const trigger: QueuedTrigger = QUEUED_TRIGGERS.find((known) => known === given) ?? 'synchronization';
      const runId = typeof job.payload.runId === 'string' ? job.payload.runId : null;
      const coalesced = typeof job.payload.coalesced === 'number' ? job.payload.coalesced : 0;
      await evaluatePolicies(deps.db, job.orgId, {
        trigger,
        runId,
        coalesced,
        audit: { orgId: job.orgId, actor: { kind: 'system', id: null }, sourceAddress: null, correlationId: runId ?? job.id },
        now: deps.now(),
      });
    },
  });
}
