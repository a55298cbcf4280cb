// The tenant check every consumer of the scanner-results topic applies to a record
// before it touches a scan: each refusal on its own, the rest of the record valid.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asOrgId } from '../../test/support/org-ids.js';
import { completion, sighting } from '../../test/support/scanner-results.js';
import { scannerRecordRefusal, type IngestScan } from './ingest.js';
import type { ObservationKind } from './observation.js';

describe('scannerRecordRefusal', () => {
  const orgId = randomUUID();
  const assetId = randomUUID();
  const scanOf = (state: string): IngestScan => ({ id: randomUUID(), orgId: asOrgId(orgId), assetId, image: 'r.example.com/a:1', createdAt: '2024-03-01 00:00:00+00', state });
  const running = scanOf('running');

  it.each([
    ['an observation', sighting(orgId, assetId, running.id, 'a')],
    ['a completion', completion(orgId, assetId, running.id)],
  ])('accepts %s of a running scan, keyed by its organization, naming its asset', (_case, record) => {
    expect(scannerRecordRefusal(orgId, record, running, 'refuse')).toBeNull();
    expect(scannerRecordRefusal(orgId, record, running, 'accept')).toBeNull();
  });

  it.each([
    ['an observation', sighting(orgId, assetId, running.id, 'a')],
    ['a completion', completion(orgId, assetId, running.id)],
  ])('refuses %s keyed by another organization', (_case, record) => {
    expect(scannerRecordRefusal(randomUUID(), record, running, 'refuse')).toBe('other_organization');
    expect(scannerRecordRefusal(randomUUID(), record, running, 'accept')).toBe('other_organization');
  });

  it.each([
    ['an observation', sighting(orgId, randomUUID(), running.id, 'a')],
    ['a completion', completion(orgId, randomUUID(), running.id)],
  ])("refuses %s naming another asset than its scan's", (_case, record) => {
    expect(scannerRecordRefusal(orgId, record, running, 'refuse')).toBe('other_asset');
    expect(scannerRecordRefusal(orgId, record, running, 'accept')).toBe('other_asset');
  });

  it('refuses an observation of an unknown kind', () => {
    const record = sighting(orgId, assetId, running.id, 'a', 'high', { kind: 'malware' as ObservationKind });
    expect(scannerRecordRefusal(orgId, record, running, 'refuse')).toBe('unknown_kind');
    expect(scannerRecordRefusal(orgId, record, running, 'accept')).toBe('unknown_kind');
  });

  it.each([
    ['an observation', sighting(orgId, assetId, randomUUID(), 'a')],
    ['a completion', completion(orgId, assetId, randomUUID())],
  ])('refuses %s naming no scan of its organization', (_case, record) => {
    expect(scannerRecordRefusal(orgId, record, undefined, 'refuse')).toBe('unknown_scan');
    expect(scannerRecordRefusal(orgId, record, undefined, 'accept')).toBe('unknown_scan');
  });

  it.each(['completed', 'partial', 'failed'])('refuses the records of a %s scan only to a consumer that refuses final scans', (state) => {
    const final = scanOf(state);
    for (const record of [sighting(orgId, assetId, final.id, 'a'), completion(orgId, assetId, final.id)]) {
      expect(scannerRecordRefusal(orgId, record, final, 'refuse')).toBe('final_scan');
      expect(scannerRecordRefusal(orgId, record, final, 'accept')).toBeNull();
    }
  });

  it("names a final scan's records final_scan whatever else is wrong with them, so consumers skip redeliveries without a word", () => {
    const final = scanOf('completed');
    expect(scannerRecordRefusal(randomUUID(), sighting(orgId, randomUUID(), final.id, 'a'), final, 'refuse')).toBe('final_scan');
    expect(scannerRecordRefusal(randomUUID(), sighting(orgId, randomUUID(), final.id, 'a'), final, 'accept')).toBe('other_organization');
  });
});
