import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { recordKnownHistory } from '../testing/history.js';

describe.each(handlerTestProfiles)('GET /api/v1/analytics/finding-flow ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const view = (token: string, query: string) => t.current.call('GET', `/api/v1/analytics/finding-flow?${query}`, { token });
  const none = { discovered: 0, resolved: 0, reopened: 0 };
  const flows = (counts: Record<string, Partial<typeof none>>) =>
    Object.fromEntries(['critical', 'high', 'medium', 'unknown', 'low', 'none'].map((severity) => [severity, { ...none, ...counts[severity] }]));

  it('counts discoveries, resolutions and reopenings per day and severity, zero-filled, never a triage or a change of severity', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const response = await view(tenant.owner.token, 'from=2026-03-01&to=2026-03-06');
    expect(response.status).toBe(200);
    expect(response.body.as_of).toBe('2026-03-04T06:00:00.000Z');
    expect(response.body.series).toEqual([
      { bucket: '2026-03-01', by_severity: flows({ high: { discovered: 1 }, medium: { discovered: 1 } }), total: { discovered: 2, resolved: 0, reopened: 0 } },
      { bucket: '2026-03-02', by_severity: flows({ critical: { discovered: 1 }, medium: { resolved: 1 } }), total: { discovered: 1, resolved: 1, reopened: 0 } },
      { bucket: '2026-03-03', by_severity: flows({ high: { resolved: 1 } }), total: { discovered: 0, resolved: 1, reopened: 0 } },
      { bucket: '2026-03-04', by_severity: flows({ medium: { reopened: 1 }, low: { discovered: 1 } }), total: { discovered: 1, resolved: 0, reopened: 1 } },
      { bucket: '2026-03-05', by_severity: flows({}), total: none },
    ]);
  });

  it('sums a month bucket, and narrows by kind, severity and asset', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { a2, foreignAsset } = await recordKnownHistory(t.current, tenant, other);
    const month = await view(tenant.owner.token, 'from=2026-02-10&to=2026-03-10&bucket=month');
    expect(month.body.window).toMatchObject({ from: '2026-02-01', to: '2026-04-01', aligned: true });
    expect(month.body.series.map((point: { total: object }) => point.total)).toEqual([
      { discovered: 1, resolved: 0, reopened: 0 },
      { discovered: 4, resolved: 2, reopened: 1 },
    ]);
    const secrets = await view(tenant.owner.token, 'from=2026-02-01&to=2026-04-01&bucket=month&kind=secret');
    expect(secrets.body.series.map((point: { total: { discovered: number } }) => point.total.discovered)).toEqual([1, 0]);
    const medium = await view(tenant.owner.token, `from=2026-03-01&to=2026-04-01&bucket=month&severity=medium&asset_id=${a2}`);
    expect(medium.body.series).toEqual([{ bucket: '2026-03-01', by_severity: { medium: { discovered: 1, resolved: 1, reopened: 1 } }, total: { discovered: 1, resolved: 1, reopened: 1 } }]);
    const foreign = await view(tenant.owner.token, `from=2026-03-01&to=2026-04-01&bucket=month&asset_id=${foreignAsset}`);
    expect(foreign.body.series[0].total).toEqual(none);
  });

  it('refuses a window of more than 1000 buckets with 400, and takes the same range by week', async () => {
    const [tenant] = await t.current.twoTenants();
    expect((await view(tenant.owner.token, 'from=2023-01-01&to=2026-01-01')).status).toBe(400);
    expect((await view(tenant.owner.token, 'from=2023-01-01&to=2026-01-01&bucket=week')).status).toBe(200);
  });
});
