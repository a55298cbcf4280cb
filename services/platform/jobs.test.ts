import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../test/support/databases.js';
import { asOrgId } from '../../test/support/org-ids.js';
import { AppError } from './errors.js';
import { claimJobs, completeJob, createPeriodicWorker, createWorker, enqueueJob, failJob, type Job } from './jobs.js';
import { createLogger } from './logger.js';
import { systemScope } from './tenancy.js';
import { DEAD_AFTER_MS, registerWorker, type WorkerRegistry } from './worker-registry.js';

const logger = createLogger('silent');
const until = async (condition: () => Promise<boolean>, deadlineMs = 15_000) => {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met before deadline');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(databaseProfiles)('job queue on $name', ({ create }) => {
  let test: TestDatabase;
  let registration: WorkerRegistry;
  beforeAll(async () => {
    test = await create();
    registration = await registerWorker({ db: test.db, logger, role: 'test' });
    registration.start();
  });
  afterAll(async () => {
    await registration.stop();
    await test.drop();
  });

  it('gives each job to exactly one of several concurrent claimers', async () => {
    const kind = `k-${randomUUID()}`;
    const orgA = asOrgId(randomUUID());
    const orgB = asOrgId(randomUUID());
    for (let i = 0; i < 40; i++) await enqueueJob(test.db, i % 2 ? orgA : orgB, kind, { i });
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 10, 60_000)));
    const ids = claims.flat().map((j) => j.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('claims the oldest due jobs of its kind first, an abandoned one among them, and neither a later one nor another kind', async () => {
    const kind = `k-${randomUUID()}`;
    const org = asOrgId(randomUUID());
    const minutesAgo = (minutes: number) => ({ runAfter: new Date(Date.now() - minutes * 60_000) });
    await enqueueJob(test.db, org, kind, { name: 'abandoned' }, minutesAgo(20));
    // Its worker's lease runs out at once: the job is running, and claimable again.
    const [abandoned] = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 1);
    expect(abandoned?.payload).toEqual({ name: 'abandoned' });
    await new Promise((r) => setTimeout(r, 20));
    await enqueueJob(test.db, org, kind, { name: 'ten minutes' }, minutesAgo(10));
    await enqueueJob(test.db, org, kind, { name: 'thirty minutes' }, minutesAgo(30));
    await enqueueJob(test.db, org, kind, { name: 'one minute' }, minutesAgo(1));
    await enqueueJob(test.db, org, kind, { name: 'in an hour' }, { runAfter: new Date(Date.now() + 3_600_000) });
    await enqueueJob(test.db, org, `other-${kind}`, { name: 'another kind' }, minutesAgo(60));

    // The three oldest due (the claim answers them in no particular order).
    const claimed = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 3, 60_000);
    expect(claimed.map((job) => job.payload.name).sort()).toEqual(['abandoned', 'ten minutes', 'thirty minutes']);
    const rest = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 10, 60_000);
    expect(rest.map((job) => job.payload.name)).toEqual(['one minute']);
  });

  it('takes the organization from the job row', async () => {
    const kind = `k-${randomUUID()}`;
    const org = asOrgId(randomUUID());
    await enqueueJob(test.db, org, kind, { scan: 'x' });
    const [job] = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 60_000);
    expect(job?.orgId).toBe(org);
    expect(job?.payload).toEqual({ scan: 'x' });
  });

  it('lets another worker reclaim a job whose lease expired (its worker died)', async () => {
    const kind = `k-${randomUUID()}`;
    await enqueueJob(test.db, asOrgId(randomUUID()), kind, {});
    const [first] = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 1);
    expect(first).toBeDefined();
    await until(async () => (await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 60_000)).length === 1);
    const row = await test.db.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [first!.id]);
    expect(row.rows[0]?.attempts).toBe(2);
  });

  it('gives the job of a worker whose heartbeats stopped to another within the threshold, and fences the dead run off', async () => {
    const kind = `k-${randomUUID()}`;
    await enqueueJob(test.db, asOrgId(randomUUID()), kind, {});
    const dying = await registerWorker({ db: test.db, logger, role: 'test' });
    const [lost] = await claimJobs(test.db, systemScope('claim-jobs'), dying, kind, 1, 5 * 60_000);
    expect(lost).toBeDefined();
    const heartbeatAgo = (ms: number) =>
      test.db.query('UPDATE workers SET heartbeat_at = now() - make_interval(secs => $2::double precision / 1000) WHERE id = $1', [dying.workerId, ms]);

    // Late but within the threshold: still alive, the job stays with it.
    await heartbeatAgo(DEAD_AFTER_MS / 2);
    await registration.beat();
    expect(await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 60_000)).toHaveLength(0);

    await heartbeatAgo(DEAD_AFTER_MS + 1_000);
    await registration.beat();
    const [retried] = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 60_000);
    expect(retried).toMatchObject({ id: lost!.id, attempts: 2, workerId: registration.workerId });

    // The dead run's outcome arrives late: it changes nothing.
    await completeJob(test.db, lost!);
    await failJob(test.db, lost!, new AppError('validation_failed', 'late'));
    const running = await test.db.query<{ state: string; worker_id: string }>('SELECT state, worker_id FROM jobs WHERE id = $1', [lost!.id]);
    expect(running.rows).toEqual([{ state: 'running', worker_id: registration.workerId }]);
    await completeJob(test.db, retried!);
    const done = await test.db.query<{ state: string }>('SELECT state FROM jobs WHERE id = $1', [lost!.id]);
    expect(done.rows).toEqual([{ state: 'succeeded' }]);
  });

  it('gives the job of a worker that stopped to another at once', async () => {
    const kind = `k-${randomUUID()}`;
    await enqueueJob(test.db, asOrgId(randomUUID()), kind, {});
    const stopping = await registerWorker({ db: test.db, logger, role: 'test' });
    expect(await claimJobs(test.db, systemScope('claim-jobs'), stopping, kind, 1, 5 * 60_000)).toHaveLength(1);
    expect(await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 60_000)).toHaveLength(0);
    await stopping.stop();
    expect(await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 1, 60_000)).toHaveLength(1);
  });

  it('retries a retriable failure later and fails a permanent one at once', async () => {
    const kind = `k-${randomUUID()}`;
    const org = asOrgId(randomUUID());
    await enqueueJob(test.db, org, kind, { n: 1 });
    await enqueueJob(test.db, org, kind, { n: 2 });
    const jobs = await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 2, 60_000);
    const byN = (n: number) => jobs.find((j) => j.payload.n === n)!;
    expect(await failJob(test.db, byN(1), new AppError('unavailable', 'registry down'))).toBe('retrying');
    expect(await failJob(test.db, byN(2), new AppError('validation_failed', 'bad image'))).toBe('failed');
    const states = await test.db.query<{ state: string; run_after_future: boolean; last_error: string }>(
      'SELECT state, run_after > now() AS run_after_future, last_error FROM jobs WHERE kind = $1 ORDER BY payload->>\'n\'',
      [kind],
    );
    expect(states.rows).toEqual([
      { state: 'queued', run_after_future: true, last_error: 'registry down' },
      { state: 'failed', run_after_future: false, last_error: 'bad image' },
    ]);
    // Not claimable before its backoff elapses.
    expect(await claimJobs(test.db, systemScope('claim-jobs'), registration, kind, 10, 60_000)).toHaveLength(0);
  });

  it('runs a worker that completes jobs and drains in-flight work on stop', async () => {
    const kind = `k-${randomUUID()}`;
    const org = asOrgId(randomUUID());
    const seen: Job[] = [];
    for (let i = 0; i < 5; i++) await enqueueJob(test.db, org, kind, { i });
    const worker = createWorker({ db: test.db, logger, worker: registration, kind, pollIntervalMs: 10, handle: async (job) => void seen.push(job) });
    worker.start();
    await until(async () => seen.length === 5);
    await worker.stop();
    const done = await test.db.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND state = 'succeeded'", [kind]);
    expect(done.rows[0]?.n).toBe(5);
  });
});

describe('periodic worker', () => {
  it('runs at start and again after each interval, a failed run included, and stop waits for the run in flight', async () => {
    const runs: number[] = [];
    let release: (() => void) | undefined;
    const worker = createPeriodicWorker({
      logger,
      intervalMs: 5,
      run: async () => {
        runs.push(runs.length);
        if (runs.length === 2) throw new Error('database unavailable');
        if (runs.length === 4) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    worker.start();
    worker.start();
    await until(async () => release !== undefined);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release!();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toEqual([0, 1, 2, 3]);
  });
});
