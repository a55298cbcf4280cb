import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/policies ($profile)', (profile) => {
  const t = useTestApp(profile);

  it("lists the module's policies, enabled with their defaults until the organization changes them, to every module role", async () => {
    const [tenant] = await t.current.twoTenants();
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await t.current.call('GET', '/nhi/api/v1/policies', { token: viewer.token });
    expect(response.status).toBe(200);
    expect(response.body.items.map(({ id, severity, enabled, settings, updatedAt, updatedByUserId }: Record<string, unknown>) => ({ id, severity, enabled, settings, updatedAt, updatedByUserId }))).toEqual([
      { id: 'stale_identity', severity: 'medium', enabled: true, settings: { thresholdDays: 90, kindThresholdDays: {} }, updatedAt: null, updatedByUserId: null },
      { id: 'long_lived_access_key', severity: 'medium', enabled: true, settings: { maxAgeDays: 90 }, updatedAt: null, updatedByUserId: null },
      { id: 'tool_definition_changed', severity: 'high', enabled: true, settings: {}, updatedAt: null, updatedByUserId: null },
    ]);
  });
});
