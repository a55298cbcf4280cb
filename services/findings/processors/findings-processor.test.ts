// The findings processor fed batches directly, as the log hands them over, on
// PostgreSQL and PGlite: redelivery, duplicates within a report, records that
// claim the wrong organization, and scans applied out of order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { completion, partitionRecords, runningScan as scanOf, sighting, sightings, tenantWithAsset as tenantOf } from '../../../test/support/scanner-results.js';
import { EMBEDDED_OBSERVATIONS_PER_TRANSACTION, findingsProcessor, inPartsOfObservations } from './findings-processor.js';

describe.each(databaseProfiles)('findings processor on $name', (profile) => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await profile.create();
    db = test.db;
  });
  afterAll(async () => {
    await test.drop();
  });

  const processor = () => findingsProcessor({ db, logger: createLogger('silent') });
  const consumed = partitionRecords();
  const tenantWithAsset = () => tenantOf(db);
  const runningScan = (orgId: string, assetId: string) => scanOf(db, orgId, assetId);
  const state = async (orgId: string) => ({
    findings: (await db.query<{ fingerprint: string; status: string }>('SELECT fingerprint, status FROM findings WHERE org_id = $1 ORDER BY fingerprint', [orgId])).rows,
    events: (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM finding_events WHERE org_id = $1', [orgId])).rows[0]!.n,
  });

  it('applies a redelivered batch once: no second row, no second event, the same counts', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const scanId = await runningScan(orgId, assetId);
    const batch = [sighting(orgId, assetId, scanId, 'a'), sighting(orgId, assetId, scanId, 'a', 'low'), sighting(orgId, assetId, scanId, 'b'), completion(orgId, assetId, scanId)].map((v) =>
      consumed(orgId, v),
    );
    await processor().handle(batch);
    const once = await state(orgId);
    expect(once).toEqual({ findings: [{ fingerprint: 'a', status: 'open' }, { fingerprint: 'b', status: 'open' }], events: 2 });
    await processor().handle(batch);
    await processor().handle(batch.slice(0, 2));
    expect(await state(orgId)).toEqual(once);
    const scan = await db.query('SELECT state, new_count, resolved_count FROM scans WHERE id = $1', [scanId]);
    expect(scan.rows[0]).toEqual({ state: 'completed', new_count: 2, resolved_count: 0 });
  });

  it('applies a batch of more observations than one embedded transaction holds exactly once, also when a part of it was applied before a failure', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const scanId = await runningScan(orgId, assetId);
    const fingerprints = Array.from({ length: 2 * EMBEDDED_OBSERVATIONS_PER_TRANSACTION + 30 }, (_, n) => `part-${String(n).padStart(3, '0')}`);
    const batch = [sightings(...fingerprints.map((fingerprint) => sighting(orgId, assetId, scanId, fingerprint))), completion(orgId, assetId, scanId)].map((v) => consumed(orgId, v));
    // The embedded database applies it in three transactions; a failure after the first
    // committed leaves the offset where it was, and the whole batch comes again.
    const parts = inPartsOfObservations(batch, EMBEDDED_OBSERVATIONS_PER_TRANSACTION);
    expect(parts.map((part) => part.reduce((results, record) => results + (record.value.observations?.length ?? 1), 0))).toEqual([100, 100, 31]);
    expect(parts.flat().flatMap((record) => record.value.observations?.map((o) => o.fingerprint) ?? [])).toEqual(fingerprints);
    await processor().handle(parts[0]!);
    await processor().handle(batch);
    await processor().handle(batch);
    expect(await state(orgId)).toEqual({ findings: fingerprints.map((fingerprint) => ({ fingerprint, status: 'open' })), events: fingerprints.length });
    const scan = await db.query('SELECT state, new_count, resolved_count FROM scans WHERE id = $1', [scanId]);
    expect(scan.rows[0]).toEqual({ state: 'completed', new_count: fingerprints.length, resolved_count: 0 });
  });

  it('applies records of several observations, and records of one (written by earlier releases), alike', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const scanId = await runningScan(orgId, assetId);
    const batch = [
      sightings(sighting(orgId, assetId, scanId, 'c1'), sighting(orgId, assetId, scanId, 'c2'), sighting(orgId, assetId, scanId, 'c3', 'low')),
      sighting(orgId, assetId, scanId, 'single'),
      sightings(sighting(orgId, assetId, scanId, 'c4'), sighting(orgId, assetId, scanId, 'c1', 'critical')),
      completion(orgId, assetId, scanId),
    ].map((v) => consumed(orgId, v));
    await processor().handle(batch);
    expect(await state(orgId)).toEqual({
      findings: ['c1', 'c2', 'c3', 'c4', 'single'].map((fingerprint) => ({ fingerprint, status: 'open' })),
      events: 5,
    });
    const scan = await db.query('SELECT state, new_count FROM scans WHERE id = $1', [scanId]);
    expect(scan.rows[0]).toEqual({ state: 'completed', new_count: 5 });
  });

  it("skips an observation of a record of several whose organization is not the record's key, and applies its neighbours", async () => {
    const mine = await tenantWithAsset();
    const theirs = await tenantWithAsset();
    const myScan = await runningScan(mine.orgId, mine.assetId);
    const theirScan = await runningScan(theirs.orgId, theirs.assetId);
    await processor().handle(
      [
        sightings(sighting(mine.orgId, mine.assetId, myScan, 'mine-1'), sighting(theirs.orgId, theirs.assetId, theirScan, 'forged'), sighting(mine.orgId, mine.assetId, myScan, 'mine-2')),
        completion(mine.orgId, mine.assetId, myScan),
      ].map((v) => consumed(mine.orgId, v)),
    );
    expect((await state(mine.orgId)).findings.map((f) => f.fingerprint)).toEqual(['mine-1', 'mine-2']);
    expect(await state(theirs.orgId)).toEqual({ findings: [], events: 0 });
  });

  it("skips a record whose organization is not its key, and never touches that organization's rows", async () => {
    const mine = await tenantWithAsset();
    const theirs = await tenantWithAsset();
    const theirScan = await runningScan(theirs.orgId, theirs.assetId);
    await processor().handle([consumed(theirs.orgId, sighting(theirs.orgId, theirs.assetId, theirScan, 'x')), consumed(theirs.orgId, completion(theirs.orgId, theirs.assetId, theirScan))]);
    const before = await state(theirs.orgId);
    const myScan = await runningScan(mine.orgId, mine.assetId);
    // Records keyed by my organization but naming theirs: a completion that would resolve 'x'.
    const forged = await runningScan(theirs.orgId, theirs.assetId);
    await processor().handle([consumed(mine.orgId, sighting(theirs.orgId, theirs.assetId, forged, 'y')), consumed(mine.orgId, completion(theirs.orgId, theirs.assetId, forged)), consumed(mine.orgId, completion(mine.orgId, mine.assetId, myScan))]);
    expect(await state(theirs.orgId)).toEqual(before);
  });

  it('resolves nothing from a partial scan, and never lets an older scan applied late undo a newer one', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const first = await runningScan(orgId, assetId);
    await processor().handle([sighting(orgId, assetId, first, 'a'), sighting(orgId, assetId, first, 'b'), completion(orgId, assetId, first)].map((v) => consumed(orgId, v)));
    const partial = await runningScan(orgId, assetId);
    await processor().handle([sighting(orgId, assetId, partial, 'a'), completion(orgId, assetId, partial, 'partial')].map((v) => consumed(orgId, v)));
    expect((await state(orgId)).findings).toEqual([{ fingerprint: 'a', status: 'open' }, { fingerprint: 'b', status: 'open' }]);

    const older = await runningScan(orgId, assetId);
    const newer = await runningScan(orgId, assetId);
    // The newer scan lands first and no longer sees 'b'; then the older one, which still saw it.
    await processor().handle([sighting(orgId, assetId, newer, 'a'), completion(orgId, assetId, newer)].map((v) => consumed(orgId, v)));
    await processor().handle([sighting(orgId, assetId, older, 'a'), sighting(orgId, assetId, older, 'b'), completion(orgId, assetId, older)].map((v) => consumed(orgId, v)));
    expect((await state(orgId)).findings).toEqual([{ fingerprint: 'a', status: 'open' }, { fingerprint: 'b', status: 'resolved' }]);
  });

  it('refuses to rewrite or delete the timeline at the database', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const scanId = await runningScan(orgId, assetId);
    await processor().handle([consumed(orgId, sighting(orgId, assetId, scanId, randomUUID()))]);
    await expect(db.query("UPDATE finding_events SET to_status = 'triaged' WHERE org_id = $1", [orgId])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM finding_events WHERE org_id = $1', [orgId])).rejects.toThrow(/append-only/);
  });
});
