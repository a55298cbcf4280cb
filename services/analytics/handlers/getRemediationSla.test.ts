import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/settings/remediation-sla ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });

  it('answers the defaults to an organization that never set them, to people and keys with findings:read', async () => {
    const [tenant] = await t.current.twoTenants();
    const defaults = { sla_days: { critical: 7, high: 30, medium: 90, low: 120, none: null, unknown: 90 } };
    const viewer = await t.current.member(tenant, 'viewer');
    const { key } = await t.current.apiKey(tenant.owner, ['findings:read']);
    for (const token of [tenant.owner.token, viewer.token, key]) {
      const response = await t.current.call('GET', '/api/v1/settings/remediation-sla', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(defaults);
    }
  });
});
