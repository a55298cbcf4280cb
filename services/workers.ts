import type { Platform } from './composition.js';
import { createSuppressionExpirySweep } from './findings/suppression-expiry.js';
import type { Worker } from './platform/jobs.js';
import { createScanWorker } from './scans/scan-worker.js';
import { createTrivyAdapter } from './scans/scanners.js';

/**
 * Every job worker the `workers` role runs. Capabilities add theirs here
 * (scan execution, schedules, webhook delivery); each claims its job kinds with
 * FOR UPDATE SKIP LOCKED, so any number of worker processes can share the queue.
 * Sweeps over due rows (suppression expiry) claim those rows the same way.
 */
export function createWorkers(platform: Platform): Worker[] {
  return [
    createScanWorker({ db: platform.db, logger: platform.logger.child({ component: 'scan-worker' }), scanners: { trivy: createTrivyAdapter() } }),
    createSuppressionExpirySweep({ db: platform.db, logger: platform.logger.child({ component: 'suppression-expiry' }) }),
  ];
}
