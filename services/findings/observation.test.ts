// How a scan's observations become records of the scanner-results topic, and how
// consumers read both record forms back; the Avro schema accepts what is produced.
import { describe, expect, it } from 'vitest';
import { loadSchema } from '../../streams/avro.js';
import { sighting } from '../../test/support/scanner-results.js';
import { chunkObservations, OBSERVATIONS_PER_RECORD, RECORD_TEXT_BYTES, scannerResultsOf, scanNamedBy, type ScannerObservationRecord } from './observation.js';

const orgId = '0194f0a0-0000-7000-8000-000000000001';
const assetId = '0194f0a0-0000-7000-8000-000000000002';
const scanId = '0194f0a0-0000-7000-8000-000000000003';

const observation = (n: number, detailLength = 20): ScannerObservationRecord => ({
  ...sighting(orgId, assetId, scanId, `fp-${n}`).observation!,
  detail_json: JSON.stringify({ note: 'd'.repeat(detailLength) }),
});
const fingerprints = (record: { observations?: ScannerObservationRecord[] | null }) => record.observations!.map((o) => o.fingerprint);

describe('chunkObservations', () => {
  it('keeps every observation, in order, in records of at most OBSERVATIONS_PER_RECORD', () => {
    const observations = Array.from({ length: 2 * OBSERVATIONS_PER_RECORD + 7 }, (_, n) => observation(n));
    const records = chunkObservations(observations);
    expect(records.map((record) => record.observations!.length)).toEqual([OBSERVATIONS_PER_RECORD, OBSERVATIONS_PER_RECORD, 7]);
    expect(records.flatMap(fingerprints)).toEqual(observations.map((o) => o.fingerprint));
    expect(records.every((record) => record.completion === null)).toBe(true);
  });

  it('closes a record early once its text reaches RECORD_TEXT_BYTES, and gives a larger observation a record of its own', () => {
    const quarter = RECORD_TEXT_BYTES / 4;
    const observations = [observation(0, quarter), observation(1, quarter), observation(2, quarter), observation(3, quarter), observation(4, 2 * RECORD_TEXT_BYTES), observation(5)];
    const records = chunkObservations(observations);
    // Four quarters plus their envelopes pass the bound: the fourth opens the next record, which the large one closes.
    expect(records.map(fingerprints)).toEqual([['fp-0', 'fp-1', 'fp-2'], ['fp-3'], ['fp-4'], ['fp-5']]);
  });

  it('makes no record of no observations', () => {
    expect(chunkObservations([])).toEqual([]);
  });

  it('produces values the topic schema accepts, and the encoded form reads back the same', () => {
    const type = loadSchema('scanner-result');
    for (const record of chunkObservations(Array.from({ length: 3 }, (_, n) => observation(n)))) {
      expect(type.isValid(record)).toBe(true);
      expect(type.fromBuffer(type.toBuffer(record))).toEqual({ observation: null, ...record });
    }
  });
});

describe('scannerResultsOf and scanNamedBy', () => {
  it('read a record of several observations, of one, and a completion as the results they carry', () => {
    const [first, second] = [observation(1), observation(2)];
    const completed = {
      observation: null,
      completion: { org_id: orgId, scan_id: scanId, asset_id: assetId, completed_scanners: [], completed_kinds: [], status: 'success' as const, observation_count: 2, failure_reason: null, completed_at: 0 },
    };
    expect(scannerResultsOf({ observations: [first, second], completion: null })).toEqual([
      { observation: first, completion: null },
      { observation: second, completion: null },
    ]);
    expect(scannerResultsOf({ observation: first, completion: null })).toEqual([{ observation: first, completion: null }]);
    expect(scannerResultsOf(completed)).toEqual([completed]);
    for (const record of [{ observations: [first, second], completion: null }, { observation: first, completion: null }, completed]) {
      expect(scanNamedBy(record)).toMatchObject({ org_id: orgId, scan_id: scanId });
    }
  });
});
