import { checkScannerRecords, isFinalScanState, loadIngestScans, type IngestScan } from '../../findings/index.js';
import type { ScannerResultRecord } from '../../findings/index.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { freezeSummaries, summarizeObservations, type SummarizedObservation } from '../scan-summary.js';
import type { ConsumedRecord, SubscribeOptions } from '../../../streams/log/stream-log.js';
import { topics } from '../../../streams/topics.js';
import { systemScope } from '../../platform/tenancy.js';

const consuming = systemScope('consume-stream-records');

const SCAN_SUMMARY_PROCESSOR_GROUP = 'scan-summaries';

interface CompletionWait {
  /** How long one batch waits for the findings processor to apply its completions before handing the batch back. */
  timeoutMs: number;
  intervalMs: number;
}

const DEFAULT_COMPLETION_WAIT: CompletionWait = { timeoutMs: 2_000, intervalMs: 25 };

/**
 * Keeps each scan's summary (services/verdicts/scan-summary.ts) as the
 * scanner-results topic delivers its observations, in a consumer group of its
 * own, and freezes it at the scan's completion. One batch is one transaction.
 *
 * The findings and status the freeze copies exist only once the findings
 * processor (another group, at its own pace) has applied the same completion. A
 * batch holding a completion whose scan is not final yet waits for it briefly,
 * then fails as retriable, so the log hands the batch back and it is applied
 * again from its first record. Records are checked by the findings processor's
 * check (checkScannerRecords), taking those of scans already final, so a
 * completion it would skip for another reason is skipped here too and never waited for.
 */
export function scanSummaryProcessor(deps: { db: Database; completionWait?: CompletionWait }): SubscribeOptions<ScannerResultRecord> {
  const wait = deps.completionWait ?? DEFAULT_COMPLETION_WAIT;
  return {
    group: SCAN_SUMMARY_PROCESSOR_GROUP,
    topic: topics.scannerResults,
    maxBatchSize: 5_000,
    // About 5,000 observations, as when a record was one: records now carry hundreds each.
    maxBatchBytes: 2.5 * 1024 * 1024,
    partitionsAtOnce: 2,
    handle: async (batch: ConsumedRecord<ScannerResultRecord>[]) => {
      const observations: SummarizedObservation[] = [];
      const completed = new Map<string, IngestScan>();
      for (const { value, scan, refused } of await checkScannerRecords(deps.db, consuming, batch, 'accept')) {
        if (refused !== null) continue;
        if (value.observation) observations.push({ scan, observation: value.observation });
        if (value.completion) completed.set(scan.id, scan);
      }

      await awaitCompletionsApplied(deps.db, [...completed.values()], wait);
      await deps.db.transaction(async (tx) => {
        await summarizeObservations(tx, observations);
        await freezeSummaries(tx, [...completed.values()]);
      });
    },
  };
}

/** Resolves once every scan is final or gone; throws a retriable error when the wait runs out. */
async function awaitCompletionsApplied(db: Database, scans: IngestScan[], wait: CompletionWait): Promise<void> {
  const deadline = Date.now() + wait.timeoutMs;
  let pending = scans.filter((scan) => !isFinalScanState(scan.state));
  while (pending.length > 0) {
    if (Date.now() >= deadline) {
      throw new AppError('unavailable', `completion not applied to the findings yet: scans ${pending.map((scan) => scan.id).join(', ')}`, { retriable: true });
    }
    await new Promise((resolve) => setTimeout(resolve, wait.intervalMs));
    pending = (await loadIngestScans(db, consuming, pending.map((scan) => ({ orgId: scan.orgId, scanId: scan.id })))).filter((scan) => !isFinalScanState(scan.state));
  }
}
