import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReportFixture } from '../findings/reports/report-fixtures.js';
import { startPipeline, type TestPipeline } from '../../test/support/pipeline.js';
import { testProfiles, useTestApp } from '../../test/support/test-app.js';
import type { ScannerAdapter } from './scanners.js';

const brokenTrivy: ScannerAdapter = {
  name: 'trivy',
  scan: async () => ({ scanner: 'trivy', failure: 'FATAL unable to find the specified image' }),
};

describe.each(testProfiles)('scan worker ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startPipeline(t.current, profile, { scanners: { trivy: brokenTrivy }, log: 'embedded' });
  });
  afterAll(async () => {
    await pipeline.stop();
  });

  it('records a failed scan with its reason, and a failed scan resolves nothing', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const image = `ghcr.io/acme/worker-${randomUUID().slice(0, 8)}:1`;
    const imported = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format: 'trivy', report: readReportFixture('trivy/alpine-310.json') } });
    await pipeline.scanSettled(tenant.id, imported.body.id);

    const scan = await t.current.call('POST', '/api/v1/scans', { token: tenant.owner.token, body: { image, scanners: ['trivy'] } });
    expect(await pipeline.scanSettled(tenant.id, scan.body.id)).toBe('failed');
    const failed = await t.current.call('GET', `/api/v1/scans/${scan.body.id}`, { token: tenant.owner.token });
    expect(failed.body).toMatchObject({ state: 'failed', failure_reason: 'trivy: FATAL unable to find the specified image', resolved_findings: 0, completed_kinds: [] });
    const open = await t.current.db.query("SELECT 1 FROM findings WHERE org_id = $1 AND status = 'open'", [tenant.id]);
    expect(open.rowCount).toBe(4);
    const event = await t.current.db.query<{ value: { type: string; payload: string } }>(
      "SELECT value FROM outbox_events WHERE org_id = $1 AND topic = 'domain-events' AND value->>'type' = 'scan.failed'",
      [tenant.id],
    );
    expect(JSON.parse(event.rows[0]!.value.payload)).toMatchObject({ scan_id: scan.body.id, state: 'failed' });
    expect((await t.current.db.query('SELECT 1 FROM scans WHERE org_id = $1', [neighbour.id])).rowCount).toBe(0);
  });
});
