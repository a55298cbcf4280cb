import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('PUT /api/v1/settings/remediation-sla ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  const put = (token: string, body: unknown) => t.current.call('PUT', '/api/v1/settings/remediation-sla', { token, body });
  const read = async (tenant: TestTenant) => (await t.current.call('GET', '/api/v1/settings/remediation-sla', { token: tenant.owner.token })).body;
  const changesOf = async (tenant: TestTenant) =>
    (await t.current.call('GET', '/api/v1/identity/audit?action=remediation_sla.changed', { token: tenant.owner.token })).body.events;
  const sla = { critical: 3, high: 14, medium: 60, unknown: 60, low: 3650, none: null };

  it("replaces the organization's SLA days, audits each change from and to, and leaves the other organization's defaults", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const response = await put(tenant.owner.token, { sla_days: sla });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sla_days: sla });
    expect(await read(tenant)).toEqual({ sla_days: sla });
    expect((await read(other)).sla_days.critical).toBe(7);
    expect(await changesOf(tenant)).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: tenant.owner.id },
        detail: {
          changes: [
            { severity: 'critical', from: 7, to: 3 },
            { severity: 'high', from: 30, to: 14 },
            { severity: 'medium', from: 90, to: 60 },
            { severity: 'low', from: 120, to: 3650 },
            { severity: 'unknown', from: 90, to: 60 },
          ],
        },
      }),
    ]);

    await put(tenant.owner.token, { sla_days: { ...sla, none: 30, critical: null } });
    expect((await changesOf(tenant))[0].detail).toEqual({ changes: [{ severity: 'critical', from: 3, to: null }, { severity: 'none', from: null, to: 30 }] });
    expect(await changesOf(other)).toEqual([]);
  });

  it('writes nothing when nothing changes, the defaults included', async () => {
    const [tenant] = await t.current.twoTenants();
    const before = await t.current.snapshot(tenant);
    const unchanged = await put(tenant.owner.token, { sla_days: { critical: 7, high: 30, medium: 90, low: 120, none: null, unknown: 90 } });
    expect(unchanged.status).toBe(200);
    expect(await t.current.snapshot(tenant)).toEqual(before);
    expect(await changesOf(tenant)).toEqual([]);
  });

  it('is refused to an analyst and to any API key, changing nothing', async () => {
    const [tenant] = await t.current.twoTenants();
    const analyst = await t.current.member(tenant, 'analyst');
    const { key } = await t.current.apiKey(tenant.owner, ['findings:read', 'findings:write']);
    const byAnalyst = await put(analyst.token, { sla_days: sla });
    expect(byAnalyst.status).toBe(403);
    expect(byAnalyst.body).toMatchObject({ required_scope: 'organization:manage', principal: 'user' });
    expect((await put(key, { sla_days: sla })).status).toBe(403);
    expect((await read(tenant)).sla_days.critical).toBe(7);
    expect(await changesOf(tenant)).toEqual([]);
  });

  it.each([
    ['a missing severity', { sla_days: { critical: 7, high: 30, medium: 90, low: 120, none: null } }],
    ['zero days', { sla_days: { ...sla, critical: 0 } }],
    ['more than 3650 days', { sla_days: { ...sla, low: 3651 } }],
    ['a fraction of a day', { sla_days: { ...sla, high: 1.5 } }],
    ['days as text', { sla_days: { ...sla, high: '30' } }],
    ['an unknown severity', { sla_days: { ...sla, severe: 5 } }],
    ['no body', undefined],
  ])('refuses %s with 400', async (_case, body) => {
    const [tenant] = await t.current.twoTenants();
    const response = await put(tenant.owner.token, body);
    expect(response.status).toBe(400);
    expect((await read(tenant)).sla_days.critical).toBe(7);
  });
});
