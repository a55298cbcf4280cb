import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';
import { recordKnownHistory } from '../testing/history.js';

describe.each(handlerTestProfiles)('GET /api/v1/analytics/open-findings ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const view = (token: string, query: string) => t.current.call('GET', `/api/v1/analytics/open-findings?${query}`, { token });
  const zero = { critical: 0, high: 0, medium: 0, unknown: 0, low: 0, none: 0 };

  it('counts open findings at the end of every day, by severity, zero-filled, as of the newest change', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const response = await view(tenant.owner.token, 'from=2026-02-28&to=2026-03-06');
    expect(response.status).toBe(200);
    expect(response.body.as_of).toBe('2026-03-04T06:00:00.000Z');
    expect(response.body.window).toEqual({ from: '2026-02-28', to: '2026-03-06', bucket: 'day', requested_from: '2026-02-28', requested_to: '2026-03-06', aligned: false });
    expect(response.body.filters).toEqual({ severity: null, kind: null, asset_id: null });
    expect(response.body.series).toEqual([
      { bucket: '2026-02-28', end: '2026-03-01', by_severity: { ...zero, low: 1 }, total: 1 },
      { bucket: '2026-03-01', end: '2026-03-02', by_severity: { ...zero, high: 1, medium: 1, low: 1 }, total: 3 },
      { bucket: '2026-03-02', end: '2026-03-03', by_severity: { ...zero, critical: 1, high: 1, low: 1 }, total: 3 },
      // F1 resolved; F2 moved from critical to high while open.
      { bucket: '2026-03-03', end: '2026-03-04', by_severity: { ...zero, high: 1, low: 1 }, total: 2 },
      { bucket: '2026-03-04', end: '2026-03-05', by_severity: { ...zero, high: 1, medium: 1, low: 2 }, total: 4 },
      { bucket: '2026-03-05', end: '2026-03-06', by_severity: { ...zero, high: 1, medium: 1, low: 2 }, total: 4 },
    ]);
    await t.current.expectNeighbourUntouched();
  });

  it('aligns a week window to Mondays and says so', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await recordKnownHistory(t.current, tenant, other);
    const response = await view(tenant.owner.token, 'from=2026-02-25&to=2026-03-04&bucket=week');
    expect(response.body.window).toEqual({ from: '2026-02-23', to: '2026-03-09', bucket: 'week', requested_from: '2026-02-25', requested_to: '2026-03-04', aligned: true });
    expect(response.body.series).toEqual([
      { bucket: '2026-02-23', end: '2026-03-02', by_severity: { ...zero, high: 1, medium: 1, low: 1 }, total: 3 },
      { bucket: '2026-03-02', end: '2026-03-09', by_severity: { ...zero, high: 1, medium: 1, low: 2 }, total: 4 },
    ]);
  });

  it('defaults to the 90 days ending today', async () => {
    const [tenant] = await t.current.twoTenants();
    const response = await view(tenant.owner.token, '');
    const tomorrow = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
    const day = (date: Date) => date.toISOString().slice(0, 10);
    expect(response.body.window).toMatchObject({ from: day(new Date(tomorrow.getTime() - 90 * 86_400_000)), to: day(tomorrow), bucket: 'day', aligned: false });
    expect(response.body.series).toHaveLength(90);
  });

  it('narrows to the severities, kinds and asset asked, reporting only the severities asked', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { a1 } = await recordKnownHistory(t.current, tenant, other);
    const totals = async (query: string) => (await view(tenant.owner.token, `from=2026-03-01&to=2026-03-05&${query}`)).body;

    const high = await totals('severity=high,critical');
    expect(high.filters.severity).toEqual(['critical', 'high']);
    expect(high.series.map((point: { by_severity: object }) => point.by_severity)).toEqual([
      { critical: 0, high: 1 },
      { critical: 1, high: 1 },
      { critical: 0, high: 1 },
      { critical: 0, high: 1 },
    ]);
    expect((await totals('kind=secret')).series.map((point: { total: number }) => point.total)).toEqual([1, 1, 1, 1]);
    expect((await totals(`asset_id=${a1}`)).series.map((point: { total: number }) => point.total)).toEqual([2, 2, 1, 2]);
  });

  it("answers empty series for another organization's asset or a missing one, and as_of null with nothing recorded", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const { foreignAsset } = await recordKnownHistory(t.current, tenant, other);
    for (const asset of [foreignAsset, randomUUID()]) {
      const response = await view(tenant.owner.token, `from=2026-03-01&to=2026-03-03&asset_id=${asset}`);
      expect(response.status).toBe(200);
      expect(response.body.series.map((point: { total: number }) => point.total)).toEqual([0, 0]);
    }
    const [empty] = await t.current.twoTenants();
    const nothing = await view(empty.owner.token, 'from=2026-03-01&to=2026-03-03');
    expect(nothing.body.as_of).toBeNull();
    expect(nothing.body.series.map((point: { total: number }) => point.total)).toEqual([0, 0]);
  });

  it.each([
    ['from=2026-03-05&to=2026-03-05', 'from must be before to'],
    ['from=2026-03-06&to=2026-03-05', 'from must be before to'],
    ['from=2026-13-01', 'from must be a date'],
    ['to=tomorrow', 'to must be a date'],
    ['bucket=hour', 'bucket must be one of'],
    ['from=2020-01-01&to=2026-01-01', 'from and to span 2192 day buckets'],
    ['severity=urgent', 'severity must be'],
    ['kind=licence', 'kind must be'],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const [tenant] = await t.current.twoTenants();
    const response = await view(tenant.owner.token, query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed' });
    expect(response.body.error).toContain(message);
  });

  it('refuses an asset_id that is not a uuid with 400', async () => {
    const [tenant] = await t.current.twoTenants();
    const response = await view(tenant.owner.token, 'asset_id=not-a-uuid');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('asset_id');
  });
});
