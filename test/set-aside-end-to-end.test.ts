// Issue 13: one poison scanner result used to stall its partition for every
// organization on it. Here a misbehaving producer publishes, straight to the
// scanner-results topic, a valid Avro record whose string holds a NUL, which
// PostgreSQL refuses (22021). With the pipeline running (Kafka on the full
// profile, the embedded log on the other): only that record is set aside, its
// scan fails with a failure_reason through the normal scan-failed path, and later
// imports of the same organization and of organizations sharing its partition
// complete.
import { describe, expect, it } from 'vitest';
import type { ScannerResultRecord } from '../services/findings/observation.js';
import { readReportFixture } from '../services/findings/testing/report-fixtures.js';
import { partitionForKey } from '../streams/log/shared.js';
import { createSetAsideStore } from '../streams/set-aside.js';
import { topics } from '../streams/topics.js';
import { systemScope } from '../services/platform/tenancy.js';
import { usePipeline } from './support/pipeline.js';
import { completion, runningScan, sighting } from './support/scanner-results.js';
import { testProfiles, useTestApp, type TestApp, type TestTenant } from './support/test-app.js';

const PARTITIONS = 4; // startPipeline's

describe.each(testProfiles)('a poison scanner result on the $profile profile', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  const importReport = async (app: TestApp, tenant: TestTenant, image: string) => {
    const response = await app.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') } });
    expect(response.status).toBe(202);
    return { scanId: response.body.id as string, assetId: response.body.asset_id as string };
  };

  /** The tenant and, among tenants created after it, one whose records share its partition and one whose records do not. */
  async function tenantsAroundOnePartition(app: TestApp) {
    const poisoned = await app.tenant('poisoned');
    const partition = partitionForKey(poisoned.id, PARTITIONS);
    let sharing: TestTenant | undefined;
    let elsewhere: TestTenant | undefined;
    for (let attempt = 0; attempt < 40 && (!sharing || !elsewhere); attempt++) {
      const candidate = await app.tenant(`neighbour ${attempt}`);
      if (partitionForKey(candidate.id, PARTITIONS) === partition) sharing ??= candidate;
      else elsewhere ??= candidate;
    }
    if (!sharing || !elsewhere) throw new Error('no tenant sharing the partition after 40 attempts');
    return { poisoned, sharing, elsewhere };
  }

  it('sets aside only that record, fails its scan with a failure_reason, and every later import completes', async () => {
    const app = t.current;
    const { poisoned, sharing, elsewhere } = await tenantsAroundOnePartition(app);
    const first = await importReport(app, poisoned, 'registry.example.com/poisoned:1');
    expect(await pipeline.current.scanSettled(poisoned.id, first.scanId)).toBe('completed');

    // A producer bypassing the API: a sighting whose title holds a NUL, between two good records of the same scan.
    const scanId = await runningScan(app.db, poisoned.id, first.assetId);
    const poison = sighting(poisoned.id, first.assetId, scanId, 'poison', 'high', { title: 'bad\u0000title' });
    const values: ScannerResultRecord[] = [sighting(poisoned.id, first.assetId, scanId, 'good-before'), poison, sighting(poisoned.id, first.assetId, scanId, 'good-after'), completion(poisoned.id, first.assetId, scanId)];
    await pipeline.current.log.publish(topics.scannerResults, values.map((value) => ({ key: poisoned.id, value })));
    // Imports published after the poison, in its partition and in another one.
    const later = await importReport(app, poisoned, 'registry.example.com/poisoned:2');
    const shared = await importReport(app, sharing, 'registry.example.com/sharing:1');
    const other = await importReport(app, elsewhere, 'registry.example.com/elsewhere:1');

    expect(await pipeline.current.scanSettled(poisoned.id, scanId)).toBe('failed');
    const failed = await app.call('GET', `/api/v1/scans/${scanId}`, { token: poisoned.owner.token });
    expect(failed.body).toMatchObject({ state: 'failed' });
    expect(failed.body.failure_reason).toMatch(/^a scanner result could not be applied and was set aside \(scanner-results partition \d+ offset \d+\): 22021: invalid byte sequence/);
    for (const [tenant, imported] of [[poisoned, later], [sharing, shared], [elsewhere, other]] as const) {
      expect(await pipeline.current.scanSettled(tenant.id, imported.scanId)).toBe('completed');
    }

    // Exactly the poison record, of the findings processor's group, with its coordinates and error.
    const setAside = (await createSetAsideStore({ db: app.db }).list(systemScope('replay-set-aside-records'))).filter((record) => record.group.endsWith('findings'));
    expect(setAside).toHaveLength(1);
    expect(setAside[0]).toMatchObject({ topic: 'scanner-results', partition: partitionForKey(poisoned.id, PARTITIONS), key: poisoned.id, errorCode: '22021' });
    expect(failed.body.failure_reason).toContain(`offset ${setAside[0]?.offset})`);

    // The normal scan-failed path: one scan.failed event carrying the reason.
    const events = await app.db.query<{ payload: string }>(
      "SELECT value->>'payload' AS payload FROM outbox_events WHERE org_id = $1 AND topic = 'domain-events' AND value->>'type' = 'scan.failed' AND value->>'subject_id' = $2",
      [poisoned.id, scanId],
    );
    expect(events.rows.map((row) => (JSON.parse(row.payload) as { failure_reason: string }).failure_reason)).toEqual([failed.body.failure_reason]);
    // The good sighting before the poison was applied; the completion was refused, the scan being final.
    const findings = await app.db.query<{ fingerprint: string }>("SELECT fingerprint FROM findings WHERE org_id = $1 AND fingerprint LIKE 'good-%' ORDER BY fingerprint", [poisoned.id]);
    expect(findings.rows.map((row) => row.fingerprint)).toEqual(['good-before']);

    // Another organization sees nothing of it: the same 404 as a missing scan.
    const foreign = await app.call('GET', `/api/v1/scans/${scanId}`, { token: sharing.owner.token });
    const missing = await app.call('GET', `/api/v1/scans/00000000-0000-4000-8000-000000000000`, { token: sharing.owner.token });
    expect([foreign.status, foreign.raw]).toEqual([missing.status, missing.raw]);
  });
});
