import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readReportFixture } from '../../findings/testing/report-fixtures.js';
import type { OrgId } from '../../platform/db/database.js';
import { usePipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { assetEventTypes, assetOf, auditedActions, taggedImage } from '../testing/fixtures.js';

// Every table that holds something of an asset, counted for one organization and asset.
const holdings = {
  scans: 'SELECT count(*)::integer AS n FROM scans WHERE org_id = $1 AND asset_id = $2',
  findings: 'SELECT count(*)::integer AS n FROM findings WHERE org_id = $1 AND asset_id = $2',
  finding_events: 'SELECT count(*)::integer AS n FROM finding_events e JOIN findings f ON f.id = e.finding_id WHERE e.org_id = $1 AND f.asset_id = $2',
  asset_schedules: 'SELECT count(*)::integer AS n FROM asset_schedules WHERE org_id = $1 AND asset_id = $2',
  asset_licenses: 'SELECT count(*)::integer AS n FROM asset_licenses WHERE org_id = $1 AND asset_id = $2',
} as const;

describe.each(handlerTestProfiles)('DELETE /api/v1/assets/{id} ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const pipeline = usePipeline(t, profile);

  const remove = (token: string, id: string) => t.current.call('DELETE', `/api/v1/assets/${id}`, { token });

  async function countsOf(orgId: OrgId, assetId: string): Promise<Record<keyof typeof holdings, number>> {
    const entries = await Promise.all(Object.entries(holdings).map(async ([table, sql]) => [table, (await t.current.db.query<{ n: number }>(sql, [orgId, assetId])).rows[0]!.n]));
    return Object.fromEntries(entries);
  }

  /** An asset with findings, their timeline, licences and a schedule: everything a delete must take along. */
  async function scannedAsset(tenant: TestTenant, image: string): Promise<string> {
    // The same image's report with its vulnerabilities gone resolves those of the first: each
    // timeline holds two events. The licence-only report adds the licences (it shows no
    // package scanned, so it resolves nothing).
    const scanned = readReportFixture('trivy/alpine-310.json') as { Results: Array<{ Vulnerabilities?: unknown[] }> };
    const fixed = { ...scanned, Results: scanned.Results.map(({ Vulnerabilities: _fixed, ...result }) => result) };
    for (const report of [scanned, fixed, readReportFixture('trivy/license-cyclonedx.json')]) {
      const imported = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format: 'trivy', report } });
      await pipeline.current.scanSettled(tenant.id, imported.body.id);
    }
    const assetId = await assetOf(t.current, tenant, image);
    await t.current.db.query("INSERT INTO asset_schedules (asset_id, org_id, interval_hours, scanners, next_run_at) VALUES ($1, $2, 24, '{trivy}', now())", [assetId, tenant.id]);
    return assetId;
  }

  it('removes the asset with its scans, findings, timelines, schedule and licences, audited and announced; the same image elsewhere stays', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const image = taggedImage();
    const id = await scannedAsset(tenant, image);
    const neighbourAsset = await scannedAsset(neighbour, image);
    const neighbourCounts = await countsOf(neighbour.id, neighbourAsset);
    const neighbourBefore = await t.current.snapshot(neighbour);
    expect(await countsOf(tenant.id, id)).toEqual({ scans: 4, findings: 4, finding_events: 8, asset_schedules: 1, asset_licenses: 3 });

    const deleted = await remove(tenant.owner.token, id);
    expect(deleted.status).toBe(204);
    expect(await countsOf(tenant.id, id)).toEqual({ scans: 0, findings: 0, finding_events: 0, asset_schedules: 0, asset_licenses: 0 });
    const orphanedEvents = await t.current.db.query('SELECT 1 FROM finding_events e WHERE e.org_id = $1 AND NOT EXISTS (SELECT 1 FROM findings f WHERE f.id = e.finding_id)', [tenant.id]);
    expect(orphanedEvents.rowCount).toBe(0);

    expect(await auditedActions(t.current, tenant, 'asset.deleted')).toEqual([
      expect.objectContaining({ actor: { kind: 'user', id: tenant.owner.id }, detail: { asset_id: id, reference: image } }),
    ]);
    expect(await assetEventTypes(t.current, tenant)).toEqual(['asset.created', 'asset.deleted']);
    const gone = await t.current.call('GET', `/api/v1/assets/${id}`, { token: tenant.owner.token });
    const missing = await t.current.call('GET', `/api/v1/assets/${randomUUID()}`, { token: tenant.owner.token });
    expect(gone.status).toBe(404);
    expect(gone.raw).toBe(missing.raw);
    expect((await remove(tenant.owner.token, id)).raw).toBe((await remove(tenant.owner.token, randomUUID())).raw);
    expect(await auditedActions(t.current, tenant, 'asset.deleted')).toHaveLength(1);

    expect(await countsOf(neighbour.id, neighbourAsset)).toEqual(neighbourCounts);
    expect(await t.current.snapshot(neighbour)).toEqual(neighbourBefore);
  });

  it('leaves the timeline append-only: only the cascade from a deleted finding removes its events', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await scannedAsset(tenant, taggedImage());
    const event = await t.current.db.query<{ id: string }>('SELECT e.id FROM finding_events e JOIN findings f ON f.id = e.finding_id WHERE e.org_id = $1 AND f.asset_id = $2 LIMIT 1', [tenant.id, id]);
    await expect(t.current.db.query('DELETE FROM finding_events WHERE org_id = $1 AND id = $2', [tenant.id, event.rows[0]!.id])).rejects.toThrow(/append-only/);
    await expect(t.current.db.query("UPDATE finding_events SET reason = 'rewritten' WHERE org_id = $1 AND id = $2", [tenant.id, event.rows[0]!.id])).rejects.toThrow(/append-only/);
    expect((await remove(tenant.owner.token, id)).status).toBe(204);
  });

  it('records an API key holding assets:write as the machine actor', async () => {
    const [tenant] = await t.current.twoTenants();
    const id = await assetOf(t.current, tenant);
    const { id: keyId, key } = await t.current.apiKey(tenant.owner, ['assets:write']);
    expect((await remove(key, id)).status).toBe(204);
    expect((await auditedActions(t.current, tenant, 'asset.deleted'))[0]!.actor).toEqual({ kind: 'api_key', id: keyId });
  });

  it("answers another tenant's asset exactly like a missing one, and deletes nothing", async () => {
    const [a, b] = await t.current.twoTenants();
    const id = await scannedAsset(a, taggedImage());
    const counts = await countsOf(a.id, id);
    const before = await t.current.snapshot(a);
    const callerBefore = await t.current.snapshot(b);
    const foreign = await remove(b.owner.token, id);
    const missing = await remove(b.owner.token, randomUUID());
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect(await countsOf(a.id, id)).toEqual(counts);
    expect(await t.current.snapshot(a)).toEqual(before);
    expect(await t.current.snapshot(b)).toEqual(callerBefore);
  });
});
