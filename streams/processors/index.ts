import type { Platform } from '../../services/composition.js';
import type { StreamLog, Subscription } from '../log/stream-log.js';
import { analyticsSink } from './analytics-sink.js';
import { findingsProcessor } from './findings-processor.js';
import { scanSummaryProcessor } from './scan-summary-processor.js';
import { webhookDispatcher } from './webhook-dispatcher.js';

export type StartProcessor = (log: StreamLog) => Promise<Subscription>;

/** Every stream processor the `streams` role runs, each a consumer group of its own. */
export function createProcessors(platform: Platform): StartProcessor[] {
  return [
    (log) => log.subscribe(analyticsSink({ analytics: platform.analytics })),
    (log) => log.subscribe(findingsProcessor({ db: platform.db, logger: platform.logger.child({ component: 'findings-processor' }) })),
    (log) => log.subscribe(scanSummaryProcessor({ db: platform.db })),
    (log) => log.subscribe(webhookDispatcher({ db: platform.db })),
  ];
}
