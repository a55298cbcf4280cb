import type { Platform } from './composition.js';
import type { Worker } from './platform/jobs.js';

/**
 * Every job worker the `workers` role runs. Capabilities add theirs here
 * (scan execution, schedules, webhook delivery); each claims its job kinds with
 * FOR UPDATE SKIP LOCKED, so any number of worker processes can share the queue.
 */
export function createWorkers(_platform: Platform): Worker[] {
  return [];
}
