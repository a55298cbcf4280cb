import { applyCompletions, applyObservations, checkScannerRecords, type ScanEnding, type ScannedObservation } from '../ingest.js';
import type { ScannerResultRecord } from '../observation.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { ConsumedRecord, SubscribeOptions } from '../../platform/streams/log/stream-log.js';
import { topics } from '../../platform/streams/topics.js';
import { systemScope } from '../../platform/tenancy.js';

export const FINDINGS_PROCESSOR_GROUP = 'findings';

/**
 * Applies the scanner-results topic to the findings tables. One batch (records of
 * one partition, in order) is one transaction, so a batch is applied entirely or
 * not at all. Every observation of the batch is upserted in one statement, then
 * the completions are applied in order. A completion therefore always follows its
 * scan's observations (the topic keeps them in that order per organization), and
 * applying a later scan's sightings first cannot change what an earlier scan
 * resolves: resolution only touches findings last seen before the resolving scan.
 */
export function findingsProcessor(deps: { db: Database; logger: Logger }): SubscribeOptions<ScannerResultRecord> {
  const consuming = systemScope('consume-stream-records');
  return {
    group: FINDINGS_PROCESSOR_GROUP,
    topic: topics.scannerResults,
    maxBatchSize: 10_000,
    // Two partitions (different organizations) in flight keep both database cores busy.
    partitionsAtOnce: 2,
    handle: async (batch: ConsumedRecord<ScannerResultRecord>[]) => {
      await deps.db.transaction(async (tx) => {
        const checked = await checkScannerRecords(tx, consuming, batch, 'refuse');
        const sightings: ScannedObservation[] = [];
        for (const { value, scan, refused } of checked) {
          const observation = value.observation;
          if (!observation) continue;
          // Refused records are skipped rather than stalling the partition; those of a
          // scan already final are a redelivery and skipped without a word.
          if (refused !== null) {
            if (refused !== 'final_scan') deps.logger.warn({ scan_id: observation.scan_id, kind: observation.kind }, 'observation skipped');
            continue;
          }
          sightings.push({ scan, observation });
        }
        await applyObservations(tx, sightings);

        const endings: ScanEnding[] = [];
        for (const { value, scan, refused } of checked) {
          if (value.completion && refused === null) endings.push({ scan, completion: value.completion });
        }
        await applyCompletions(tx, endings);
      });
    },
  };
}
