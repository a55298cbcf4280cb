import { applyCompletions, applyObservations, isFinalScanState, isKnownObservationKind, loadIngestScans, type ScanEnding, type ScannedObservation } from '../ingest.js';
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
        const keyOf = (orgId: string, scanId: string) => `${orgId}/${scanId}`;
        const named = new Map<string, { orgId: string; scanId: string }>();
        for (const { value } of batch) {
          const about = value.observation ?? value.completion;
          if (about) named.set(keyOf(about.org_id, about.scan_id), { orgId: about.org_id, scanId: about.scan_id });
        }
        const scans = new Map((await loadIngestScans(tx, consuming, [...named.values()])).map((scan) => [keyOf(scan.orgId, scan.id), scan]));

        const sightings: ScannedObservation[] = [];
        for (const { key: partitionKey, value } of batch) {
          const observation = value.observation;
          if (!observation) continue;
          const scan = scans.get(keyOf(observation.org_id, observation.scan_id));
          // Unknown kinds, records claiming another organization or asset, and scans already
          // applied (a redelivery) are skipped rather than stalling the partition.
          if (!scan || isFinalScanState(scan.state) || observation.org_id !== partitionKey || observation.asset_id !== scan.assetId || !isKnownObservationKind(observation.kind)) {
            if (!scan || !isFinalScanState(scan.state)) deps.logger.warn({ scan_id: observation.scan_id, kind: observation.kind }, 'observation skipped');
            continue;
          }
          sightings.push({ scan, observation });
        }
        await applyObservations(tx, sightings);

        const endings: ScanEnding[] = [];
        for (const { key: partitionKey, value } of batch) {
          const completion = value.completion;
          if (!completion || completion.org_id !== partitionKey) continue;
          const scan = scans.get(keyOf(completion.org_id, completion.scan_id));
          if (!scan || scan.assetId !== completion.asset_id || isFinalScanState(scan.state)) continue;
          endings.push({ scan, completion });
        }
        await applyCompletions(tx, endings);
      });
    },
  };
}
