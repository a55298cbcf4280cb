import { createScheduler } from './assets/scheduler.js';
import type { Platform } from './composition.js';
import type { Worker } from './platform/jobs.js';
import { createScanWorker } from './scans/scan-worker.js';
import { createTrivyAdapter } from './scans/scanners.js';

/**
 * Every job worker the `workers` role runs. Capabilities add theirs here
 * (scan execution, schedules, webhook delivery); each claims its job kinds with
 * FOR UPDATE SKIP LOCKED, so any number of worker processes can share the queue.
 */
export function createWorkers(platform: Platform): Worker[] {
  return [
    createScanWorker({ db: platform.db, logger: platform.logger.child({ component: 'scan-worker' }), scanners: { trivy: createTrivyAdapter() } }),
    createScheduler({ db: platform.db, logger: platform.logger.child({ component: 'scheduler' }) }),
  ];
}
