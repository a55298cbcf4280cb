// Which worker processes are alive. A process running workers registers (a row in
// `workers`) before it claims anything, heartbeats while it runs, and deregisters
// when it stops. Every lease it takes (a job, a webhook delivery) records its id;
// the queues release a lease whose worker is no longer registered. Any live
// process sweeps out the workers whose heartbeat went stale, so the leases of a
// process killed mid-work return to the queue within seconds, not after the whole
// lease. Times are the database's clock, the one clock all processes share.
import { randomUUID } from 'node:crypto';
import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import { createPollingLoop } from './polling-loop.js';

export const HEARTBEAT_INTERVAL_MS = 2_000;
/** Five heartbeats missed: long enough that a busy but live process is not declared dead, short enough to be "seconds". */
export const DEAD_AFTER_MS = 10_000;

export interface WorkerRegistration {
  /** Recorded on every lease this process takes. */
  readonly workerId: string;
}

export interface WorkerRegistry extends WorkerRegistration {
  /** Heartbeats and sweeps every interval until stopped. */
  start(): void;
  /** One heartbeat and one sweep; for tests that step time by backdating heartbeats. */
  beat(): Promise<void>;
  /** Stops heartbeating and deregisters: whatever this worker still holds is released by the next pass of any queue. */
  stop(): Promise<void>;
}

interface WorkerRegistryOptions {
  db: Database;
  logger: Logger;
  /** What the process runs, for whoever reads the table. */
  role: string;
  /**
   * No other process can be using this database (the embedded profile holds its
   * data directory's lock): every worker registered before this one is dead, and
   * its leases are released at once instead of after DEAD_AFTER_MS.
   */
  soleProcess?: boolean;
  heartbeatIntervalMs?: number;
}

/** Registers this process as a worker; resolves once it may claim leases. */
export async function registerWorker(options: WorkerRegistryOptions): Promise<WorkerRegistry> {
  const { db, role } = options;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  const workerId = randomUUID();
  const logger = options.logger.child({ component: 'worker-registry', worker_id: workerId });

  await db.query('INSERT INTO workers (id, role) VALUES ($1, $2)', [workerId, role]);
  if (options.soleProcess) {
    const previous = await db.query<{ id: string }>('DELETE FROM workers WHERE id <> $1 RETURNING id', [workerId]);
    if (previous.rowCount > 0) logger.info({ workers: previous.rows.map((row) => row.id) }, 'workers of a previous process deregistered; their leases are released');
  }

  async function beat(): Promise<void> {
    // Upserted: a process that was declared dead (a long pause) comes back under its
    // own id; the leases it lost were released, and its late outcomes are fenced off.
    const heartbeat = await db.query<{ reregistered: boolean }>(
      `INSERT INTO workers (id, role) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()
       RETURNING (xmax = 0) AS reregistered`,
      [workerId, role],
    );
    if (heartbeat.rows[0]?.reregistered) logger.warn('this worker had been declared dead (no heartbeat in time); registered again');
    const dead = await db.query<{ id: string; role: string; heartbeat_at: Date }>(
      `DELETE FROM workers WHERE heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)
       RETURNING id, role, heartbeat_at`,
      [DEAD_AFTER_MS],
    );
    for (const worker of dead.rows) {
      logger.warn({ dead_worker_id: worker.id, dead_worker_role: worker.role, last_heartbeat_at: worker.heartbeat_at.toISOString() }, 'worker declared dead; its leases are released');
    }
  }

  const loop = createPollingLoop({
    pollIntervalMs: heartbeatIntervalMs,
    logger,
    failureMessage: 'worker heartbeat failed; retrying',
    tick: async () => {
      await beat();
      return 'idle';
    },
  });

  return {
    workerId,
    start: () => loop.start(),
    beat,
    async stop() {
      await loop.stop();
      await db.query('DELETE FROM workers WHERE id = $1', [workerId]);
    },
  };
}

