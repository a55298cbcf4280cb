import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { recordHistories } from '../testing/history.js';

/** An hour into the UTC day this many days ago. */
const daysAgo = (days: number): string => new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - days * 86_400_000 + 3_600_000).toISOString();

describe.each(handlerTestProfiles)('GET /api/v1/analytics/finding-age ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const view = (token: string, query = '') => t.current.call('GET', `/api/v1/analytics/finding-age?${query}`, { token });
  const putSla = (token: string, sla_days: Record<string, number | null>) => t.current.call('PUT', '/api/v1/settings/remediation-sla', { token, body: { sla_days } });

  /** Open critical findings aged 0, 7, 8, 31, 91 and 200 days, a high one of 20 days, a resolved critical one of 300 days, and a none of 400. */
  async function recordAges(tenant: TestTenant): Promise<void> {
    await recordHistories(t.current, tenant, [
      ...[0, 7, 8, 31, 91, 200].map((age) => ({ severity: 'critical', steps: [{ at: daysAgo(age), to: 'open' }] })),
      { severity: 'high', steps: [{ at: daysAgo(20), to: 'open' }] },
      { severity: 'critical', steps: [{ at: daysAgo(300), to: 'open' }, { at: daysAgo(1), to: 'resolved' }] },
      { severity: 'none', kind: 'misconfiguration', steps: [{ at: daysAgo(400), to: 'open' }] },
    ]);
  }

  it('puts open findings in age buckets per severity and counts those past the default SLA', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordAges(tenant);
    await recordHistories(t.current, other, [{ severity: 'critical', steps: [{ at: daysAgo(500), to: 'open' }] }]);
    const response = await view(tenant.owner.token);
    expect(response.status).toBe(200);
    expect(response.body.today).toBe(new Date().toISOString().slice(0, 10));
    expect(response.body.by_severity.critical).toEqual({
      open: 6,
      ages: { days_0_7: 2, days_8_30: 1, days_31_90: 1, days_91_180: 1, days_over_180: 1 },
      sla_days: 7,
      past_sla: 4,
    });
    expect(response.body.by_severity.high).toEqual({ open: 1, ages: { days_0_7: 0, days_8_30: 1, days_31_90: 0, days_91_180: 0, days_over_180: 0 }, sla_days: 30, past_sla: 0 });
    expect(response.body.by_severity.none).toMatchObject({ open: 1, sla_days: null, past_sla: 0 });
    expect(response.body.by_severity.low).toEqual({ open: 0, ages: { days_0_7: 0, days_8_30: 0, days_31_90: 0, days_91_180: 0, days_over_180: 0 }, sla_days: 120, past_sla: 0 });
  });

  it("counts by the organization's own SLA once set, and only by its own", async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordAges(tenant);
    await recordAges(other);
    const changed = await putSla(tenant.owner.token, { critical: 100, high: 10, medium: 90, unknown: 90, low: 120, none: 365 });
    expect(changed.status).toBe(200);
    const mine = (await view(tenant.owner.token)).body.by_severity;
    expect([mine.critical.sla_days, mine.critical.past_sla, mine.high.past_sla, mine.none.past_sla]).toEqual([100, 1, 1, 1]);
    const theirs = (await view(other.owner.token)).body.by_severity;
    expect([theirs.critical.sla_days, theirs.critical.past_sla, theirs.high.past_sla, theirs.none.past_sla]).toEqual([7, 4, 0, 0]);
  });

  it('narrows by severity and kind, reporting only the severities asked', async () => {
    const [tenant] = await t.current.twoTenants();
    await recordAges(tenant);
    const response = await view(tenant.owner.token, 'severity=high,none&kind=misconfiguration');
    expect(response.body.filters).toEqual({ severity: ['high', 'none'], kind: ['misconfiguration'], asset_id: null });
    expect(Object.keys(response.body.by_severity)).toEqual(['high', 'none']);
    expect([response.body.by_severity.high.open, response.body.by_severity.none.open]).toEqual([0, 1]);
  });
});
