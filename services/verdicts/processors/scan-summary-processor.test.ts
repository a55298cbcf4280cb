// The scan-summary processor fed batches directly, as the log hands them over, on
// PostgreSQL and PGlite, beside the findings processor whose completions it
// waits for: redelivery, a completion not applied yet, forged records, and a
// later scan resolving findings before the summary froze.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScannerResultRecord, Severity } from '../../findings/observation.js';
import type { Database } from '../../platform/db/database.js';
import { isRetriable } from '../../platform/errors.js';
import { createLogger } from '../../platform/logger.js';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { completion, partitionRecords, runningScan as scanOf, sighting, tenantWithAsset as tenantOf } from '../../../test/support/scanner-results.js';
import type { ConsumedRecord } from '../../../streams/log/stream-log.js';
import { findingsProcessor } from '../../findings/processors/findings-processor.js';
import { scanSummaryProcessor } from './scan-summary-processor.js';

describe.each(databaseProfiles)('scan-summary processor on $name', (profile) => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await profile.create();
    db = test.db;
  });
  afterAll(async () => {
    await test.drop();
  });

  const findings = (batch: ConsumedRecord<ScannerResultRecord>[]) => findingsProcessor({ db, logger: createLogger('silent') }).handle(batch);
  const summaries = (batch: ConsumedRecord<ScannerResultRecord>[], timeoutMs = 5_000) => scanSummaryProcessor({ db, completionWait: { timeoutMs, intervalMs: 10 } }).handle(batch);
  const record = partitionRecords();
  const consumed = (key: string, values: ScannerResultRecord[]) => values.map((value) => record(key, value));
  const tenantWithAsset = () => tenantOf(db);
  const runningScan = (orgId: string, assetId: string) => scanOf(db, orgId, assetId);
  /** An observation naming its own advisory and component, with this evidence in its detail. */
  const observed = (orgId: string, assetId: string, scanId: string, fingerprint: string, severity: Severity = 'high', detail: object = {}) =>
    sighting(orgId, assetId, scanId, fingerprint, severity, {
      identifier: `CVE-2024-${fingerprint}`,
      component_name: `pkg-${fingerprint}`,
      detail_json: JSON.stringify({ fixed_version: null, cvss_score: null, aliases: [], ...detail }),
    });
  const summaryOf = async (orgId: string, scanId: string) => ({
    frozen: (await db.query<{ frozen_at: Date | null }>('SELECT frozen_at FROM scan_summaries WHERE org_id = $1 AND scan_id = $2', [orgId, scanId])).rows[0]?.frozen_at ?? null,
    rows: (
      await db.query(
        `SELECT sf.fingerprint, sf.severity, sf.cvss_score, sf.identifier, sf.aliases, sf.component_name, sf.status, sf.finding_id = f.id AS same_finding, sf.first_seen_age_days
           FROM scan_summary_findings sf LEFT JOIN findings f ON f.org_id = sf.org_id AND f.fingerprint = sf.fingerprint
          WHERE sf.org_id = $1 AND sf.scan_id = $2 ORDER BY sf.fingerprint`,
        [orgId, scanId],
      )
    ).rows,
  });

  it('summarizes a redelivered batch once, the first sighting winning, and freezes it with what the findings table knows at the completion', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const scanId = await runningScan(orgId, assetId);
    const batch = consumed(orgId, [
      observed(orgId, assetId, scanId, 'a', 'critical', { cvss_score: 9.1, aliases: ['GHSA-xxxx-yyyy-zzzz', 'cve-2024-A'] }),
      observed(orgId, assetId, scanId, 'a', 'low'),
      observed(orgId, assetId, scanId, 'b', 'medium', { cvss_score: 'not a score' }),
      completion(orgId, assetId, scanId),
    ]);
    await findings(batch);
    await summaries(batch);
    const once = await summaryOf(orgId, scanId);
    expect(once.frozen).not.toBeNull();
    expect(once.rows).toEqual([
      { fingerprint: 'a', severity: 'critical', cvss_score: 9.1, identifier: 'cve-2024-a', aliases: ['ghsa-xxxx-yyyy-zzzz'], component_name: 'pkg-a', status: 'open', same_finding: true, first_seen_age_days: 0 },
      { fingerprint: 'b', severity: 'medium', cvss_score: null, identifier: 'cve-2024-b', aliases: [], component_name: 'pkg-b', status: 'open', same_finding: true, first_seen_age_days: 0 },
    ]);

    await summaries(batch);
    await summaries(batch.slice(0, 2));
    expect(await summaryOf(orgId, scanId)).toEqual(once);
  });

  it('hands a batch back as retriable while the findings processor has not applied its completion, writing nothing', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const scanId = await runningScan(orgId, assetId);
    const batch = consumed(orgId, [observed(orgId, assetId, scanId, 'a'), completion(orgId, assetId, scanId)]);

    const early = await summaries(batch, 50).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(early).toBeInstanceOf(Error);
    expect(isRetriable(early)).toBe(true);
    expect(await summaryOf(orgId, scanId)).toEqual({ frozen: null, rows: [] });

    // Redelivered while the findings processor catches up: the batch waits for it, then freezes.
    await Promise.all([summaries(batch), new Promise((resolve) => setTimeout(resolve, 30)).then(() => findings(batch))]);
    const summary = await summaryOf(orgId, scanId);
    expect(summary.frozen).not.toBeNull();
    expect(summary.rows).toEqual([expect.objectContaining({ fingerprint: 'a', status: 'open', same_finding: true })]);
  });

  it("skips records whose organization is not their key or whose asset is not their scan's, and never waits for such a completion", async () => {
    const mine = await tenantWithAsset();
    const theirs = await tenantWithAsset();
    const theirScan = await runningScan(theirs.orgId, theirs.assetId);
    const otherAsset = await tenantWithAsset();
    // Keyed by my organization but naming theirs, and naming their scan with another asset: neither is summarized,
    // and the scan, which no completion of this batch can end, is not waited for (the wait would time out).
    await summaries(
      consumed(mine.orgId, [observed(theirs.orgId, theirs.assetId, theirScan, 'x'), completion(theirs.orgId, theirs.assetId, theirScan)]).concat(
        consumed(theirs.orgId, [observed(theirs.orgId, otherAsset.assetId, theirScan, 'y'), completion(theirs.orgId, otherAsset.assetId, theirScan)]),
      ),
      50,
    );
    expect(await summaryOf(theirs.orgId, theirScan)).toEqual({ frozen: null, rows: [] });
  });

  it('counts a finding that a later scan resolved before the freeze with the status it had when the scan completed', async () => {
    const { orgId, assetId } = await tenantWithAsset();
    const first = await runningScan(orgId, assetId);
    const firstBatch = consumed(orgId, [observed(orgId, assetId, first, 'a'), observed(orgId, assetId, first, 'b'), completion(orgId, assetId, first)]);
    await findings(firstBatch);
    await db.query("UPDATE findings SET status = 'triaged' WHERE org_id = $1 AND fingerprint = 'b'", [orgId]);
    // The findings processor moves on to the next scan, which no longer sees b, before the summary of the first freezes.
    const second = await runningScan(orgId, assetId);
    await findings(consumed(orgId, [observed(orgId, assetId, second, 'a'), completion(orgId, assetId, second)]));
    expect((await db.query("SELECT status FROM findings WHERE org_id = $1 AND fingerprint = 'b'", [orgId])).rows).toEqual([{ status: 'resolved' }]);

    await summaries(firstBatch);
    expect((await summaryOf(orgId, first)).rows.map((row) => [row.fingerprint, row.status])).toEqual([
      ['a', 'open'],
      ['b', 'triaged'],
    ]);
  });
});
