// The workers role's synchronization: every few minutes it looks whether an ecosystem is
// due (its last success older than the interval, or none) and, if so, runs the
// synchronization of the configured ecosystems. The lease in the store keeps it to one
// process at a time across the deployment (and apart from `sentinel advisories sync`).
import type { Database } from '../../platform/db/database.js';
import { createPeriodicWorker, type Worker } from '../../platform/jobs.js';
import type { Logger } from '../../platform/logger.js';
import { createAdvisoryStore } from '../advisory-store.js';
import { SyncBusyError, syncAdvisories } from '../sync.js';

/** A failed ecosystem is tried again after this long rather than at once on every look. */
const RETRY_AFTER_MS = 15 * 60_000;

interface SyncScheduleOptions {
  db: Database;
  logger: Logger;
  source: string;
  ecosystems: readonly string[];
  intervalMs: number;
  now?: () => Date;
}

/** Whether an ecosystem is due: never synchronized, or its last success older than the interval, and no attempt in the last retry period. */
export async function dueEcosystems(options: SyncScheduleOptions): Promise<string[]> {
  const now = (options.now ?? (() => new Date()))().getTime();
  const status = new Map((await createAdvisoryStore(options.db).status()).map((row) => [row.ecosystem, row]));
  return options.ecosystems.filter((ecosystem) => {
    const row = status.get(ecosystem);
    if (!row?.lastSuccessAt) return !row?.lastAttemptAt || now - Date.parse(row.lastAttemptAt) >= RETRY_AFTER_MS;
    const stale = now - Date.parse(row.lastSuccessAt) >= options.intervalMs;
    return stale && (!row.lastAttemptAt || now - Date.parse(row.lastAttemptAt) >= Math.min(RETRY_AFTER_MS, options.intervalMs));
  });
}

export function createAdvisorySyncSchedule(options: SyncScheduleOptions): Worker {
  const logger = options.logger.child({ component: 'advisory-sync' });
  const stopping = new AbortController();
  const loop = createPeriodicWorker({
    logger,
    intervalMs: Math.min(options.intervalMs, 5 * 60_000),
    run: async () => {
      const due = await dueEcosystems(options);
      if (due.length === 0) return;
      try {
        const result = await syncAdvisories({ db: options.db, source: options.source, ecosystems: due, logger, signal: stopping.signal });
        for (const outcome of result.ecosystems) {
          if (outcome.error) logger.warn({ ecosystem: outcome.ecosystem, error: outcome.error }, 'advisory synchronization failed');
          else logger.info({ ecosystem: outcome.ecosystem, mode: outcome.mode, written: outcome.written, records: outcome.records, elapsed_ms: outcome.elapsedMs }, 'advisories synchronized');
        }
      } catch (error) {
        if (error instanceof SyncBusyError) return logger.debug({ holder: error.holder, lease_expires_at: error.leaseExpiresAt }, 'advisory synchronization running elsewhere');
        if (stopping.signal.aborted) return;
        throw error;
      }
    },
  });
  return {
    start: () => loop.start(),
    async stop() {
      // A run in progress stops after its current record; its committed batches stay and the next run resumes.
      stopping.abort(new Error('the workers role is stopping'));
      await loop.stop();
    },
  };
}
