import type { Database, OrgId, Queryable } from './db/database.js';
import { inQueueClaimTransaction } from './db/queue-claim.js';
import { isRetriable } from './errors.js';
import type { Logger } from './logger.js';
import { createPollingLoop, type PollingLoop } from './polling-loop.js';
import { actingForTenant, systemScope, tenantOfClaim, type SystemScope } from './tenancy.js';
import type { WorkerRegistration } from './worker-registry.js';

export interface Job<Payload = Record<string, unknown>> {
  id: string;
  /** Taken from the claimed row: workers never learn the organization from a request (spec 1.1 rule 9). */
  orgId: OrgId;
  kind: string;
  payload: Payload;
  /** Including this run; with the worker, the fencing token of the claim. */
  attempts: number;
  maxAttempts: number;
  /** The registered worker holding the claim. */
  workerId: string;
}

interface JobRow {
  id: string;
  org_id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

interface EnqueueOptions {
  runAfter?: Date;
  maxAttempts?: number;
}

/** Queues a job in the organization it is given, which may be another than the request's (a person's personal organization, for their mail). */
export async function enqueueJob(tx: Queryable, orgId: OrgId, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
  const result = await actingForTenant(orgId, () =>
    tx.query<{ id: string }>('INSERT INTO jobs (org_id, kind, payload, run_after, max_attempts) VALUES ($1, $2, $3, coalesce($4, now()), $5) RETURNING id', [
      orgId,
      kind,
      JSON.stringify(payload),
      options.runAfter ?? null,
      options.maxAttempts ?? 5,
    ]),
  );
  return result.rows[0]!.id;
}

/**
 * Claims up to `limit` due jobs of one kind for a registered worker, oldest due
 * first. A running job whose worker is no longer registered (declared dead from
 * its heartbeats, worker-registry.ts) or whose lease expired is claimable again,
 * so work is retried, never lost. SKIP LOCKED lets any number of workers share
 * the queue without blocking.
 *
 * Queued and abandoned jobs are read apart, each from its own index in run_after
 * order (migration 103), so a claim stops after `limit` rows of each instead of
 * reading the whole queue (in a queue-claim transaction, db/queue-claim.ts).
 */
export async function claimJobs(db: Database, scope: SystemScope, worker: WorkerRegistration, kind: string, limit: number, leaseMs: number): Promise<Job[]> {
  const result = await inQueueClaimTransaction(db, (tx) =>
    tx.query<JobRow>(
      `WITH due AS (
         SELECT id, run_after FROM jobs
          WHERE kind = $1 AND state = 'queued' AND run_after <= now()
          ORDER BY run_after LIMIT $2 FOR UPDATE SKIP LOCKED
       ), abandoned AS (
         SELECT id, run_after FROM jobs j
          WHERE kind = $1 AND state = 'running'
            AND (locked_until < now() OR (worker_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM workers w WHERE w.id = j.worker_id)))
          ORDER BY run_after LIMIT $2 FOR UPDATE SKIP LOCKED
       ), chosen AS (
         SELECT id FROM (SELECT id, run_after FROM due UNION ALL SELECT id, run_after FROM abandoned) AS claimable
          ORDER BY run_after LIMIT $2
       )
       UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = now(), worker_id = $4,
              locked_until = now() + make_interval(secs => $3::double precision / 1000)
        WHERE id = ANY (ARRAY(SELECT id FROM chosen))
       RETURNING id, org_id, kind, payload, attempts, max_attempts`,
      [kind, limit, leaseMs, worker.workerId],
    ),
  );
  return result.rows.map((row) => ({
    id: row.id,
    orgId: tenantOfClaim(scope, row.org_id),
    kind: row.kind,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    workerId: worker.workerId,
  }));
}

// Outcomes are fenced by the claim (state, worker and attempt): a worker whose job
// was given to another after it was declared dead cannot overwrite that run's outcome.
const heldClaim = "state = 'running' AND worker_id = $3 AND attempts = $4";

export async function completeJob(db: Database, job: Job): Promise<void> {
  await db.query(`UPDATE jobs SET state = 'succeeded', locked_until = NULL, updated_at = now() WHERE id = $1 AND org_id = $2 AND ${heldClaim}`, [
    job.id,
    job.orgId,
    job.workerId,
    job.attempts,
  ]);
}

/**
 * Puts a claimed job back in the queue for later without counting the attempt:
 * the job could not start yet (for example its organization is at its concurrent-scan limit).
 */
async function deferJob(db: Database, job: Job, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), locked_until = NULL, updated_at = now(),
            run_after = now() + make_interval(secs => $5::double precision / 1000)
      WHERE id = $1 AND org_id = $2 AND ${heldClaim}`,
    [job.id, job.orgId, job.workerId, job.attempts, delayMs],
  );
}

/** Schedules a retry with exponential backoff, or fails the job for good when it is permanent or out of attempts. */
export async function failJob(db: Database, job: Job, error: unknown): Promise<'retrying' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const final = !isRetriable(error) || job.attempts >= job.maxAttempts;
  const backoffMs = Math.min(2 ** job.attempts * 1_000, 300_000);
  await db.query(
    `UPDATE jobs SET state = $5, last_error = $6, locked_until = NULL, updated_at = now(),
            run_after = CASE WHEN $5 = 'queued' THEN now() + make_interval(secs => $7::double precision / 1000) ELSE run_after END
      WHERE id = $1 AND org_id = $2 AND ${heldClaim}`,
    [job.id, job.orgId, job.workerId, job.attempts, final ? 'failed' : 'queued', message.slice(0, 2_000), backoffMs],
  );
  return final ? 'failed' : 'retrying';
}

export interface WorkerOptions {
  db: Database;
  logger: Logger;
  /** The registered process the claims are recorded for. */
  worker: WorkerRegistration;
  /** The kind of job this worker runs. */
  kind: string;
  /** Resolves when the job is done, or with { deferMs } when it cannot start yet and should wait that long. */
  handle: (job: Job) => Promise<void | { deferMs: number }>;
  concurrency?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
}

/** A polling worker: claims jobs, runs them (no transaction held meanwhile), records the outcome. */
export function createWorker(options: WorkerOptions): Worker {
  const { db, logger, worker, kind, handle } = options;
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const claiming = systemScope('claim-jobs');

  async function runJob(job: Job): Promise<void> {
    const jobLogger = logger.child({ job_id: job.id, job_kind: job.kind, org_id: job.orgId });
    try {
      const outcome = await actingForTenant(job.orgId, () => handle(job));
      if (outcome) await deferJob(db, job, outcome.deferMs);
      else await completeJob(db, job);
    } catch (error) {
      const outcome = await failJob(db, job, error);
      jobLogger.warn({ err: error, outcome, attempts: job.attempts }, 'job failed');
    }
  }

  // Slots are refilled as jobs end, not batch by batch: one long job (a scan) never
  // keeps the worker from claiming the next ones.
  const inFlight = new Set<Promise<void>>();
  const loop = createPollingLoop({
    pollIntervalMs,
    logger,
    failureMessage: 'job claim failed; retrying',
    tick: async () => {
      const free = concurrency - inFlight.size;
      if (free <= 0) return 'idle';
      const claimed = await claimJobs(db, claiming, worker, kind, free, leaseMs);
      for (const job of claimed) {
        const task = runJob(job).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      return claimed.length === free ? 'more' : 'idle';
    },
  });
  return {
    start: () => loop.start(),
    /** Stops claiming, then lets the jobs in flight finish. */
    async stop() {
      await loop.stop();
      await Promise.all(inFlight);
    },
  };
}

/** A background role: start() begins polling; stop() lets the work in flight finish. */
export type Worker = Pick<PollingLoop, 'start' | 'stop'>;

interface PeriodicWorkerOptions {
  logger: Logger;
  /** Time from the end of one run to the start of the next. */
  intervalMs: number;
  run: () => Promise<void>;
}

/**
 * Runs a sweep at start and then every interval until stopped: work that belongs
 * to no organization's job row (the suppression-expiry sweep). A failed run is
 * logged and the next interval tries again; runs never overlap.
 */
export function createPeriodicWorker(options: PeriodicWorkerOptions): Worker {
  return createPollingLoop({
    pollIntervalMs: options.intervalMs,
    logger: options.logger,
    failureMessage: 'periodic run failed; retrying at the next interval',
    tick: async () => {
      await options.run();
      return 'idle';
    },
  });
}
