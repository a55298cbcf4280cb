// The scheduler against real databases with an injected clock: due schedules
// queue exactly one scan each, in their own organization, however many
// schedulers run at once. The scheduler works across organizations, so it also
// claims the schedules of earlier tests in this database: every assertion is
// about the assets of its own test.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { testProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { createScheduler, queueDueScans } from './scheduler.js';
import { assetOf } from '../testing/fixtures.js';
import { systemScope } from '../../platform/tenancy.js';

const HOUR_MS = 3_600_000;
const logger = createLogger('silent');

interface ScheduledScan {
  org_id: string;
  asset_id: string;
  state: string;
  requested_by: string | null;
  requested_by_api_key_id: string | null;
  jobs: number;
}

describe.each(testProfiles)('scheduler ($profile)', (profile) => {
  const t = useTestApp(profile);

  /** A tag-referenced asset with an hourly schedule, and when that schedule is first due. */
  async function hourly(tenant: TestTenant): Promise<{ assetId: string; dueAt: Date }> {
    const assetId = await assetOf(t.current, tenant);
    const put = await t.current.call('PUT', `/api/v1/assets/${assetId}/schedule`, { token: tenant.owner.token, body: { interval_hours: 1, scanners: ['trivy'] } });
    expect(put.status).toBe(200);
    // The API shows milliseconds; the row holds microseconds, so the schedule is due one millisecond later at most.
    return { assetId, dueAt: new Date(Date.parse(put.body.next_run_at) + 1) };
  }

  const scheduledScans = async (assetIds: string[]): Promise<ScheduledScan[]> =>
    (
      await t.current.db.query<ScheduledScan>(
        `SELECT s.org_id, s.asset_id, s.state, s.requested_by, s.requested_by_api_key_id,
                (SELECT count(*)::integer FROM jobs j WHERE j.org_id = s.org_id AND j.payload->>'scan_id' = s.id::text) AS jobs
           FROM scans s WHERE s.asset_id = ANY ($1::uuid[]) AND s.source = 'schedule' ORDER BY s.created_at`,
        [assetIds],
      )
    ).rows;

  const nextRunOf = async (tenant: TestTenant, assetId: string) =>
    Date.parse((await t.current.call('GET', `/api/v1/assets/${assetId}/schedule`, { token: tenant.owner.token })).body.next_run_at);

  it('queues one scan per due schedule in the organization of its row, as the system, and moves the next run an interval on', async () => {
    const [a, b] = await t.current.twoTenants();
    const inA = await hourly(a);
    const inB = await hourly(b);
    const later = new Date(Math.max(inA.dueAt.getTime(), inB.dueAt.getTime()));
    const firstDue = await nextRunOf(a, inA.assetId);

    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, new Date(inA.dueAt.getTime() - 2));
    expect(await scheduledScans([inA.assetId])).toEqual([]);
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, later);
    const scans = await scheduledScans([inA.assetId, inB.assetId]);
    expect(scans).toHaveLength(2);
    expect(scans).toEqual(
      expect.arrayContaining([
        { org_id: a.id, asset_id: inA.assetId, state: 'queued', requested_by: null, requested_by_api_key_id: null, jobs: 1 },
        { org_id: b.id, asset_id: inB.assetId, state: 'queued', requested_by: null, requested_by_api_key_id: null, jobs: 1 },
      ]),
    );
    expect(await nextRunOf(a, inA.assetId)).toBe(firstDue + HOUR_MS);
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, later);
    expect(await scheduledScans([inA.assetId, inB.assetId])).toHaveLength(2);

    const listed = await t.current.call('GET', `/api/v1/scans?asset_id=${inA.assetId}`, { token: a.owner.token });
    expect(listed.body.items.filter((scan: { source: string }) => scan.source === 'schedule')).toEqual([
      expect.objectContaining({ requested_by: { kind: 'system', id: null }, scanners: ['trivy'] }),
    ]);
  });

  it('never queues twice under concurrent schedulers', async () => {
    const tenants = await t.current.twoTenants();
    const schedules = [];
    for (const tenant of tenants) for (let i = 0; i < 4; i += 1) schedules.push(await hourly(tenant));
    const at = new Date(Math.max(...schedules.map((s) => s.dueAt.getTime())));

    // Four schedulers, two schedules per claim, each going until nothing due is left.
    const drain = async () => {
      while ((await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, at, 2)).claimed > 0);
    };
    await Promise.all([drain(), drain(), drain(), drain()]);

    const scans = await scheduledScans(schedules.map((s) => s.assetId));
    expect(scans.map((scan) => scan.asset_id).sort()).toEqual(schedules.map((s) => s.assetId).sort());
  });

  it('queues one scan, not the backlog, after the scheduler was away, and the next run lands on the cadence after now', async () => {
    const [tenant] = await t.current.twoTenants();
    const { assetId, dueAt } = await hourly(tenant);
    const firstDue = await nextRunOf(tenant, assetId);
    const tenHoursLater = new Date(dueAt.getTime() + 10 * HOUR_MS + 60_000);
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, tenHoursLater);
    expect(await nextRunOf(tenant, assetId)).toBe(firstDue + 11 * HOUR_MS);
    expect(await scheduledScans([assetId])).toHaveLength(1);
  });

  it('skips, but moves on, a schedule whose asset is archived or whose previous scheduled scan still waits', async () => {
    const [tenant] = await t.current.twoTenants();
    const archived = await hourly(tenant);
    const waiting = await hourly(tenant);
    await t.current.call('POST', `/api/v1/assets/${archived.assetId}/archive`, { token: tenant.owner.token, body: { reason: 'retired' } });
    const first = new Date(Math.max(archived.dueAt.getTime(), waiting.dueAt.getTime()));
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, first);
    expect((await scheduledScans([archived.assetId, waiting.assetId])).map((scan) => scan.asset_id)).toEqual([waiting.assetId]);

    const second = new Date(first.getTime() + HOUR_MS);
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, second);
    expect((await scheduledScans([archived.assetId, waiting.assetId])).map((scan) => scan.asset_id)).toEqual([waiting.assetId]);
    expect(await nextRunOf(tenant, waiting.assetId)).toBeGreaterThan(second.getTime());
    expect(await nextRunOf(tenant, archived.assetId)).toBeGreaterThan(second.getTime());
  });

  it('skips, but moves on, the schedules of an organization scheduled for deletion, and resumes them when it is cancelled', async () => {
    const [doomed, other] = await t.current.twoTenants();
    const inDoomed = await hourly(doomed);
    const inOther = await hourly(other);
    const name = (await t.current.call('GET', '/api/v1/me', { token: doomed.owner.token })).body.acting_organization.name;
    expect((await t.current.call('POST', '/api/v1/orgs/current/deletion', { token: doomed.owner.token, body: { confirm_name: name } })).status).toBe(200);
    const first = new Date(Math.max(inDoomed.dueAt.getTime(), inOther.dueAt.getTime()));
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, first);
    expect((await scheduledScans([inDoomed.assetId, inOther.assetId])).map((scan) => scan.asset_id)).toEqual([inOther.assetId]);
    expect(await nextRunOf(doomed, inDoomed.assetId)).toBeGreaterThan(first.getTime());

    expect((await t.current.call('DELETE', '/api/v1/orgs/current/deletion', { token: doomed.owner.token })).status).toBe(200);
    await queueDueScans(t.current.db, systemScope('claim-asset-schedules'), logger, new Date(first.getTime() + HOUR_MS));
    expect((await scheduledScans([inDoomed.assetId])).map((scan) => scan.asset_id)).toEqual([inDoomed.assetId]);
  });

  it('runs as a worker on its clock until stopped', async () => {
    const [tenant] = await t.current.twoTenants();
    const { assetId, dueAt } = await hourly(tenant);
    const scheduler = createScheduler({ db: t.current.db, logger, now: () => dueAt, pollIntervalMs: 10 });
    scheduler.start();
    const deadline = Date.now() + 10_000;
    while ((await scheduledScans([assetId])).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await scheduler.stop();
    expect(await scheduledScans([assetId])).toHaveLength(1);
  });
});
