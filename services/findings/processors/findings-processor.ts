import { isUuid } from '../../platform/ids.js';
import { applyCompletions, applyObservations, checkScannerRecords, isFinalScanState, loadIngestScans, type ScanEnding, type ScannedObservation } from '../ingest.js';
import { scanNamedBy, type ScannerResultRecord } from '../observation.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import { describeFailure } from '../../../streams/set-aside.js';
import type { ConsumedRecord, SubscribeOptions } from '../../../streams/log/stream-log.js';
import { topics } from '../../../streams/topics.js';
import { systemScope, type SystemScope } from '../../platform/tenancy.js';

const FINDINGS_PROCESSOR_GROUP = 'findings';

/**
 * Observations applied per transaction on the embedded database. Its one connection
 * serves requests too, and a request waits for the transaction in progress to end:
 * a record's 500 observations took about 110 ms in one (import-stall benchmark).
 */
export const EMBEDDED_OBSERVATIONS_PER_TRANSACTION = 100;

/**
 * Applies the scanner-results topic to the findings tables. One batch (records of
 * one partition, in order) is one transaction, so a batch is applied entirely or
 * not at all; on the embedded database, in consecutive transactions of at most
 * EMBEDDED_OBSERVATIONS_PER_TRANSACTION observations, which is as safe since
 * applying is idempotent (ingest.ts): a batch redelivered after a failure part-way
 * changes nothing its applied parts did, and the offset is committed once all are.
 * Every observation of a transaction is upserted in one statement, then the
 * completions are applied in order. A completion therefore always follows its
 * scan's observations (the topic keeps them in that order per organization), and
 * applying a later scan's sightings first cannot change what an earlier scan
 * resolves: resolution only touches findings last seen before the resolving scan.
 */
export function findingsProcessor(deps: { db: Database; logger: Logger }): SubscribeOptions<ScannerResultRecord> {
  const consuming = systemScope('consume-stream-records');
  const apply = (part: ConsumedRecord<ScannerResultRecord>[]) =>
    deps.db.transaction(async (tx) => {
      const checked = await checkScannerRecords(tx, consuming, part, 'refuse');
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
  return {
    group: FINDINGS_PROCESSOR_GROUP,
    topic: topics.scannerResults,
    maxBatchSize: 10_000,
    // About 10,000 observations (a record carries up to 500, some 500 bytes each): measured best when one record was one observation.
    maxBatchBytes: 5 * 1024 * 1024,
    // Two partitions (different organizations) in flight keep both database cores busy.
    partitionsAtOnce: 2,
    handle: async (batch: ConsumedRecord<ScannerResultRecord>[]) => {
      if (deps.db.kind !== 'embedded') return apply(batch);
      for (const part of inPartsOfObservations(batch, EMBEDDED_OBSERVATIONS_PER_TRANSACTION)) await apply(part);
    },
    onSetAside: (record, error) => failScanOfSetAsideRecord(deps.db, consuming, record, error),
  };
}

/**
 * The batch's records in order, in consecutive parts of at most `size` observations
 * (a completion counts as one); a record of more is split into records of its
 * consecutive observations.
 */
export function inPartsOfObservations(batch: readonly ConsumedRecord<ScannerResultRecord>[], size: number): ConsumedRecord<ScannerResultRecord>[][] {
  const parts: ConsumedRecord<ScannerResultRecord>[][] = [];
  let part: ConsumedRecord<ScannerResultRecord>[] = [];
  let partSize = 0;
  const add = (record: ConsumedRecord<ScannerResultRecord>, results: number) => {
    if (partSize + results > size && part.length > 0) {
      parts.push(part);
      part = [];
      partSize = 0;
    }
    part.push(record);
    partSize += results;
  };
  for (const record of batch) {
    const observations = record.value.observations;
    if (!observations) {
      add(record, 1);
      continue;
    }
    for (let start = 0; start < observations.length; start += size) {
      const slice = observations.slice(start, start + size);
      add({ ...record, value: { ...record.value, observations: slice } }, slice.length);
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/**
 * A scan missing one of its results cannot be trusted to be complete: it fails,
 * through the same path as a scan whose scanner failed (its scan.failed event
 * included), with a failure_reason naming the set-aside record. Its later
 * records, the completion among them, are then refused as those of a final scan.
 * The scan is looked up in the organization the record's key names, as every
 * record of the topic is.
 */
async function failScanOfSetAsideRecord(db: Database, scope: SystemScope, record: ConsumedRecord<ScannerResultRecord>, error: unknown): Promise<void> {
  const scanId = scanNamedBy(record.value)?.scan_id;
  if (!scanId || !isUuid(scanId) || !isUuid(record.key)) return;
  const { errorCode, errorMessage } = describeFailure(error);
  const failureReason = `a scanner result could not be applied and was set aside (${record.topic} partition ${record.partition} offset ${record.offset}): ${errorCode}: ${errorMessage}`;
  await db.transaction(async (tx) => {
    const [scan] = await loadIngestScans(tx, scope, [{ orgId: record.key, scanId }]);
    if (!scan || isFinalScanState(scan.state)) return;
    await applyCompletions(tx, [
      {
        scan,
        completion: {
          org_id: scan.orgId,
          scan_id: scan.id,
          asset_id: scan.assetId,
          completed_scanners: [],
          completed_kinds: [],
          status: 'failed',
          observation_count: 0,
          failure_reason: failureReason,
          completed_at: Date.now(),
        },
      },
    ]);
  });
}
