import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { recordKnownHistory } from '../testing/history.js';

describe.each(handlerTestProfiles)('GET /api/v1/analytics/remediation-time ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const view = (token: string, query: string) => t.current.call('GET', `/api/v1/analytics/remediation-time?${query}`, { token });
  const nothing = { resolved: 0, mean_seconds: null, mean_days: null };

  it('means the time from first seen to resolution per severity, over the window and per bucket; null where nothing was resolved', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const response = await view(tenant.owner.token, 'from=2026-03-01&to=2026-03-05&severity=high,medium,low');
    expect(response.status).toBe(200);
    expect(response.body.overall).toEqual({
      by_severity: { high: { resolved: 1, mean_seconds: 172_800, mean_days: 2 }, medium: { resolved: 1, mean_seconds: 86_400, mean_days: 1 }, low: nothing },
      all: { resolved: 2, mean_seconds: 129_600, mean_days: 1.5 },
    });
    expect(response.body.series).toEqual([
      { bucket: '2026-03-01', by_severity: { high: nothing, medium: nothing, low: nothing }, all: nothing },
      { bucket: '2026-03-02', by_severity: { high: nothing, medium: { resolved: 1, mean_seconds: 86_400, mean_days: 1 }, low: nothing }, all: { resolved: 1, mean_seconds: 86_400, mean_days: 1 } },
      { bucket: '2026-03-03', by_severity: { high: { resolved: 1, mean_seconds: 172_800, mean_days: 2 }, medium: nothing, low: nothing }, all: { resolved: 1, mean_seconds: 172_800, mean_days: 2 } },
      { bucket: '2026-03-04', by_severity: { high: nothing, medium: nothing, low: nothing }, all: nothing },
    ]);
  });

  it("counts nothing of another organization's asset, and says what it filtered", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { foreignAsset } = await recordKnownHistory(t.current, tenant, other);
    const response = await view(tenant.owner.token, `from=2026-03-01&to=2026-03-05&asset_id=${foreignAsset}`);
    expect(response.body.filters).toEqual({ severity: null, kind: null, asset_id: foreignAsset });
    expect(response.body.overall.all).toEqual(nothing);
  });
});
