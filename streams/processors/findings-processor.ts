import { applyCompletion, applyObservations, isFinalScanState, isKnownObservationKind, loadIngestScan, type IngestScan } from '../../services/findings/ingest.js';
import type { ScannerObservationRecord, ScannerResultRecord } from '../../services/findings/observation.js';
import { asOrgId, type Database } from '../../services/platform/db/database.js';
import type { Logger } from '../../services/platform/logger.js';
import type { ConsumedRecord, SubscribeOptions } from '../log/stream-log.js';
import { topics } from '../topics.js';

export const FINDINGS_PROCESSOR_GROUP = 'findings';

/**
 * Applies the scanner-results topic to the findings tables. One batch (records of
 * one partition, in order) is one transaction, so a batch is applied entirely or
 * not at all. A scan's completion is applied only after every observation of that
 * scan before it in the batch; the topic keeps them in that order per organization.
 */
export function findingsProcessor(deps: { db: Database; logger: Logger }): SubscribeOptions<ScannerResultRecord> {
  return {
    group: FINDINGS_PROCESSOR_GROUP,
    topic: topics.scannerResults,
    maxBatchSize: 5_000,
    handle: async (batch: ConsumedRecord<ScannerResultRecord>[]) => {
      await deps.db.transaction(async (tx) => {
        const scans = new Map<string, IngestScan | undefined>();
        const pending = new Map<string, ScannerObservationRecord[]>();
        const scanOf = async (orgId: string, scanId: string) => {
          const key = `${orgId}/${scanId}`;
          if (!scans.has(key)) scans.set(key, await loadIngestScan(tx, asOrgId(orgId), scanId));
          return scans.get(key);
        };
        const flush = async (key: string) => {
          const observations = pending.get(key);
          pending.delete(key);
          if (!observations?.length) return;
          const scan = await scanOf(observations[0]!.org_id, observations[0]!.scan_id);
          if (scan === undefined || isFinalScanState(scan.state)) return; // gone, or its results were applied already
          await applyObservations(tx, scan, observations.filter((o) => o.asset_id === scan.assetId));
        };

        for (const { key: partitionKey, value } of batch) {
          if (value.observation) {
            const observation = value.observation;
            if (!isAcceptable(observation, partitionKey)) {
              deps.logger.warn({ scan_id: observation.scan_id, kind: observation.kind }, 'observation skipped: unknown kind or wrong key');
              continue;
            }
            const key = `${observation.org_id}/${observation.scan_id}`;
            const list = pending.get(key);
            if (list) list.push(observation);
            else pending.set(key, [observation]);
          } else if (value.completion) {
            const completion = value.completion;
            const key = `${completion.org_id}/${completion.scan_id}`;
            await flush(key);
            const scan = await scanOf(completion.org_id, completion.scan_id);
            if (scan === undefined || scan.assetId !== completion.asset_id) continue;
            await applyCompletion(tx, scan, completion);
            scans.set(key, { ...scan, state: 'completed' });
          }
        }
        for (const key of [...pending.keys()]) await flush(key);
      });
    },
  };
}

// The record key is the organization; a record claiming another organization,
// or a kind this version does not know, is skipped rather than stalling the partition.
function isAcceptable(observation: ScannerObservationRecord, partitionKey: string): boolean {
  return observation.org_id === partitionKey && isKnownObservationKind(observation.kind);
}
